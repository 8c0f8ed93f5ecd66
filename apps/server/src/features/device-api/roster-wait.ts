import type { ServerResponse } from 'node:http';
import type { DevicePlayers } from '@arcadia/contracts';
import type { Db } from '../../db/client';
import { currentRoster, type DeviceRow } from '../devices';
import type { RosterEvents } from '../devices';

const KEEP_ALIVE_MS = 15_000;

/**
 * The long poll: answers at once unless `since` is the current version; then waits up to `wait`
 * seconds for a change (woken by the roster notification, or re-reading on a timer).
 */
export async function waitForRoster(
  db: Db,
  events: RosterEvents,
  device: DeviceRow,
  query: { since?: number | undefined; wait: number },
  signal: AbortSignal,
): Promise<DevicePlayers> {
  const deadline = Date.now() + query.wait * 1000;
  for (;;) {
    const roster = await currentRoster(db, device.arcadeId, device.id);
    const left = deadline - Date.now();
    if (query.since === undefined || roster.version !== query.since || left <= 0) return roster;
    if (signal.aborted) return roster;
    await events.wait(device.arcadeId, device.id, Math.min(left, events.fallbackMs), signal);
  }
}

/** Server-sent events: `event: players` with the roster at once and after every change. */
export async function streamRoster(
  db: Db,
  events: RosterEvents,
  device: DeviceRow,
  res: ServerResponse,
  abort: AbortController,
): Promise<void> {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let sent: number | undefined;
  let lastWrite = Date.now();
  try {
    while (!abort.signal.aborted) {
      const roster = await currentRoster(db, device.arcadeId, device.id);
      if (roster.version !== sent) {
        res.write(`id: ${roster.version}\nevent: players\ndata: ${JSON.stringify(roster)}\n\n`);
        sent = roster.version;
        lastWrite = Date.now();
      } else if (Date.now() - lastWrite >= KEEP_ALIVE_MS) {
        res.write(': keep-alive\n\n');
        lastWrite = Date.now();
      }
      await events.wait(
        device.arcadeId,
        device.id,
        Math.min(events.fallbackMs, KEEP_ALIVE_MS),
        abort.signal,
      );
    }
  } catch {
    // The database went away (shutdown): end the stream; the device reconnects.
  } finally {
    if (!res.writableEnded) res.end();
  }
}
