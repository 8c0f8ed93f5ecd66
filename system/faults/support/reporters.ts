import { randomInt, randomUUID } from 'node:crypto';
import type { GameReportInput } from '@arcadia/contracts';
import { FAULT_ARCADE, FAULT_MAP, type FaultArcade, type FaultPlayer } from './arcade';
import { errorCode, HttpClient, sleep, type Outcome } from './http-client';

/** A game the server acknowledged (201 stored, or 200: stored before under the same key). */
export interface Acknowledged {
  device: string;
  idempotencyKey: string;
  gameId: string;
}

export interface ReportTally {
  acknowledged: Acknowledged[];
  /** Reports sent, retries included. */
  attempts: number;
  /**
   * Answers and failures by status (`201`, `503 database_unavailable`) or error (`ECONNRESET`),
   * of the reports and of the heartbeats and joins before them.
   */
  outcomes: Record<string, number>;
  /** Answers no fault excuses: 5xx other than 503, 4xx, timeouts. */
  unexpected: string[];
  /** The slowest answer or failure, in milliseconds. */
  maxMs: number;
  /** Every report sent: when it was sent in full (performance.now()) and what came of it. */
  requests: Array<Pick<Outcome, 'sentAt' | 'status' | 'error'>>;
}

/**
 * A team game of four: three of the given registered players (distinct; they must be on the
 * device's roster) and guests for the rest; only guests when no players are given.
 */
export function gameReport(players: FaultPlayer[] = []): GameReportInput {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(3, players.length)) chosen.add(randomInt(players.length));
  const who: Array<{ userId: string } | { guestName: string }> = [
    ...[...chosen].map((i) => ({ userId: players[i]!.id })),
  ];
  while (who.length < 4) who.push({ guestName: `Gast ${who.length + 1}` });
  const stat = () => ({ kills: randomInt(30), deaths: randomInt(30), score: randomInt(100) });
  return {
    idempotencyKey: `fault-${randomUUID()}`,
    type: 'elimination',
    mapId: FAULT_MAP,
    durationSeconds: 60 + randomInt(900),
    teams: [
      { id: 1, name: 'Rot', score: randomInt(10) },
      { id: 2, name: 'Blau', score: randomInt(10) },
    ],
    players: who.map((w, i) => ({ ...w, teamId: 1 + (i % 2), ...stat() })),
  };
}

/** The players that report on device `index` uses: its own, so no two devices share one. */
export function playersOfDevice(arcade: FaultArcade, index: number): FaultPlayer[] {
  return arcade.players.filter((_, i) => i % arcade.devices.length === index);
}

/** How a failure is counted: transient (a fault explains it) or unexpected. */
function describe(outcome: Outcome): { key: string; transient: boolean } {
  if (outcome.status === undefined)
    return { key: outcome.error ?? 'error', transient: outcome.error !== 'timeout' };
  const code = errorCode(outcome);
  const key = code ? `${outcome.status} ${code}` : String(outcome.status);
  return { key, transient: outcome.status === 503 };
}

/**
 * Devices reporting games back to back, as arcade devices do: each report is sent until the
 * server acknowledges it, with the same idempotency key every time (so a game is stored once
 * however often it is sent). Refused connections, resets and 503s while the server or the
 * database is down are retried after `retryMs`; anything else is counted as unexpected.
 */
export function startReporters(
  baseUrl: string,
  arcade: FaultArcade,
  options: { thinkMs?: number; retryMs?: number; timeoutMs?: number } = {},
): { tally: ReportTally; stop: () => Promise<ReportTally> } {
  const tally: ReportTally = {
    acknowledged: [],
    attempts: 0,
    outcomes: {},
    unexpected: [],
    maxMs: 0,
    requests: [],
  };
  let stopped = false;
  /**
   * Sends until acknowledged what transient faults interrupt; true when it was, false when
   * stopped or refused for good (counted as unexpected).
   */
  const untilAnswered = async (
    client: HttpClient,
    label: string,
    send: () => ReturnType<HttpClient['request']>,
  ): Promise<boolean> => {
    while (!stopped) {
      const outcome = await send();
      tally.maxMs = Math.max(tally.maxMs, outcome.ms);
      const { key, transient } = describe(outcome);
      tally.outcomes[key] = (tally.outcomes[key] ?? 0) + 1;
      if (outcome.status === 200 || outcome.status === 201) return true;
      if (!transient) {
        tally.unexpected.push(`${label}: ${key} ${JSON.stringify(outcome.body)}`);
        return false;
      }
      await sleep(options.retryMs ?? 100);
    }
    return false;
  };
  const run = async (device: FaultArcade['devices'][number], index: number) => {
    const client = new HttpClient(baseUrl);
    const players = playersOfDevice(arcade, index);
    try {
      while (!stopped) {
        const report = gameReport(players);
        // The players join the device first, as at the arcade: a device reports its roster only.
        // A device heartbeats as it runs; players can join only an online device.
        let seated = await untilAnswered(client, `${device.id} heartbeat`, () =>
          client.request('POST', '/api/device/v1/heartbeat', {
            headers: { authorization: device.authorization },
            timeoutMs: 10_000,
          }),
        );
        for (const entry of report.players) {
          if (!('userId' in entry) || !entry.userId) continue;
          const player = players.find((p) => p.id === entry.userId)!;
          if (!seated) break;
          seated = await untilAnswered(client, `${device.id} join`, () =>
            client.request(
              'POST',
              `/api/v2/arcadecenter/${FAULT_ARCADE}/device/${device.id}/player`,
              { headers: { authorization: `Bearer ${player.token}` }, body: {}, timeoutMs: 10_000 },
            ),
          );
        }
        if (!seated) {
          await sleep(options.retryMs ?? 100);
          continue;
        }
        while (!stopped) {
          tally.attempts++;
          const outcome = await client.request('POST', '/api/device/v1/games', {
            headers: { authorization: device.authorization },
            body: report,
            timeoutMs: options.timeoutMs ?? 10_000,
          });
          tally.maxMs = Math.max(tally.maxMs, outcome.ms);
          const { sentAt, status, error } = outcome;
          tally.requests.push({ sentAt, status, error });
          const { key, transient } = describe(outcome);
          tally.outcomes[key] = (tally.outcomes[key] ?? 0) + 1;
          if (outcome.status === 200 || outcome.status === 201) {
            const game = outcome.body as { id: string };
            tally.acknowledged.push({
              device: device.id,
              idempotencyKey: report.idempotencyKey,
              gameId: game.id,
            });
            break;
          }
          if (!transient) {
            tally.unexpected.push(`${device.id}: ${key} ${JSON.stringify(outcome.body)}`);
            break;
          }
          await sleep(options.retryMs ?? 100);
        }
        if (options.thinkMs) await sleep(options.thinkMs);
      }
    } finally {
      client.close();
    }
  };
  const running = arcade.devices.map((device, index) => run(device, index));
  return {
    tally,
    stop: async () => {
      stopped = true;
      await Promise.all(running);
      return tally;
    },
  };
}
