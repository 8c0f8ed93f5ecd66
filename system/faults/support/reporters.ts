import { randomInt, randomUUID } from 'node:crypto';
import type { GameReportInput } from '@arcadia/contracts';
import { FAULT_MAP, type FaultArcade } from './arcade';
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
  /** Answers and failures by status (`201`, `503 database_unavailable`) or error (`ECONNRESET`). */
  outcomes: Record<string, number>;
  /** Answers no fault excuses: 5xx other than 503, 4xx, timeouts. */
  unexpected: string[];
  /** The slowest answer or failure, in milliseconds. */
  maxMs: number;
  /** Every report sent: when it was sent in full (performance.now()) and what came of it. */
  requests: Array<Pick<Outcome, 'sentAt' | 'status' | 'error'>>;
}

/** A team game of four: three registered players (distinct) and a guest. */
export function gameReport(arcade: FaultArcade): GameReportInput {
  const chosen = new Set<number>();
  while (chosen.size < 3) chosen.add(randomInt(arcade.players.length));
  const registered = [...chosen].map((i) => ({ userId: arcade.players[i]!.id }));
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
    players: [...registered, { guestName: 'Gast' }].map((who, i) => ({
      ...who,
      teamId: 1 + (i % 2),
      ...stat(),
    })),
  };
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
  const run = async (device: FaultArcade['devices'][number]) => {
    const client = new HttpClient(baseUrl);
    try {
      while (!stopped) {
        const report = gameReport(arcade);
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
  const running = arcade.devices.map(run);
  return {
    tally,
    stop: async () => {
      stopped = true;
      await Promise.all(running);
      return tally;
    },
  };
}
