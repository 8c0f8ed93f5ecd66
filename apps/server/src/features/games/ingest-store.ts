import type { Db, Queryable } from '../../db/client';
import type { AppEventBus } from '../../events/map';
import type { RowsWrite } from '../../events/rows-write';
import { rateIncomingGame, rateIncomingGames, type SlotRating } from '../ratings';
import { sqlState, storeGame, storeGames, type GamePayload } from './ingest-queries';
import type { Settled } from './ingest-queue';

/** A report ready to be stored: the payload and the 'game.stored' handlers' writes. */
export interface StoreJob {
  events: AppEventBus;
  payload: GamePayload;
  writes: RowsWrite[];
}

/** What storing a report answered: the registered players' names, or null for a repeat. */
export type Written = { id: string; names: Record<string, string> } | null;

/**
 * Runs a transaction again when PostgreSQL aborted it for a deadlock or a serialization
 * failure: rare (two games sharing new players at the same moment), and safe (nothing of it
 * was written).
 */
async function retryOnConflict<T>(run: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const state = sqlState(error);
      if (attempt >= tries || (state !== '40P01' && state !== '40001')) throw error;
    }
  }
}

/** Thrown inside the rating transaction for a repeated report, so that it writes nothing. */
class Repeat extends Error {}

const hasRegistered = (payload: GamePayload) => payload.players.some((p) => p.userId);

/** What two games of one batch must not share: the device and the registered players. */
export const batchKeys = (payload: GamePayload): string[] => [
  `device ${payload.arcadeId} ${payload.deviceId}`,
  ...payload.players.flatMap((p) => (p.userId ? [p.userId] : [])),
];

const withRatings = (payload: GamePayload, ratings: Array<SlotRating | null>): GamePayload => ({
  ...payload,
  players: payload.players.map((p, i) => ({ ...p, rating: ratings[i] ?? null })),
});

/**
 * The 'games.storing' handlers of the games (the achievements: their facts locked and the
 * unlocks decided, one statement for all of them), after the ratings were locked (the lock order
 * of every writer): answers each game's writes with theirs added, in the order given. Emitted
 * only for the games with registered players; the others keep their own writes.
 */
async function storingWrites(tx: Queryable, jobs: readonly StoreJob[]): Promise<RowsWrite[][]> {
  const writes = jobs.map((job) => [...job.writes]);
  const rated = jobs.flatMap((job, i) => (hasRegistered(job.payload) ? [i] : []));
  if (rated.length === 0) return writes;
  const index = new Map(rated.map((i) => [jobs[i]!.payload.id, i]));
  // All the games go to one emit: a handler may run one statement for all of them.
  await jobs[rated[0]!]!.events.emit(
    'games.storing',
    {
      db: tx,
      write: (gameId, write) => {
        const i = index.get(gameId);
        if (i === undefined) throw new Error(`A 'games.storing' write for another game: ${gameId}`);
        writes[i]!.push(write);
      },
    },
    rated.map((i) => jobs[i]!.payload),
  );
  return writes;
}

/**
 * Stores one game with its players' new skill ratings and achievements in one transaction: their
 * rating rows locked and read (one statement, features/ratings), the game rated in TypeScript,
 * the 'games.storing' handlers, then the game stored with the ratings and the handlers' writes
 * (storeGame, one statement). A game of guests only needs no rating: one statement, no
 * transaction. Null for a repeated report (nothing written).
 */
async function storeOne(db: Db, job: StoreJob): Promise<Written> {
  const { payload, writes } = job;
  if (!hasRegistered(payload)) return storeGame(db, payload, writes);
  try {
    return await db.transaction(async (tx) => {
      const ratings = await rateIncomingGame(tx, payload);
      const [storing] = await storingWrites(tx, [job]);
      const stored = await storeGame(tx, withRatings(payload, ratings), storing!);
      if (!stored) throw new Repeat();
      return stored;
    });
  } catch (error) {
    if (error instanceof Repeat) return null;
    throw error;
  }
}

/**
 * Stores several games in ONE transaction, set-based (storeGames: one insert per table for all
 * of them): every game's rating rows locked at once (one statement, in the order every writer
 * takes them), then the 'games.storing' handlers' reads (one statement for all the games), then
 * all the games with the stored games' handlers' writes (one statement): five round trips with
 * BEGIN and COMMIT, however many games. The games share
 * no device and no registered player (the queue makes sure; checked here). A repeated report
 * writes nothing and answers null; a game that fails (a refusal, a lost race) fails the whole
 * transaction, and nothing of it is written.
 */
async function storeBatch(db: Db, jobs: readonly StoreJob[]): Promise<Written[]> {
  const seen = new Set<string>();
  for (const { payload } of jobs)
    for (const key of batchKeys(payload)) {
      if (seen.has(key)) throw new Error(`Two games of one ingest batch share ${key}`);
      seen.add(key);
    }
  const order = jobs
    .map((job, i) => ({ i, device: `${job.payload.arcadeId}\u0000${job.payload.deviceId}` }))
    .sort((a, b) => (a.device < b.device ? -1 : a.device > b.device ? 1 : 0));
  return db.transaction(async (tx) => {
    const ratings = await rateIncomingGames(
      tx,
      jobs.map((job) => job.payload),
    );
    const ordered = order.map(({ i }) => jobs[i]!);
    const writes = await storingWrites(tx, ordered);
    const payloads = order.map(({ i }) => withRatings(jobs[i]!.payload, ratings[i]!));
    const stored = await storeGames(tx, payloads, writes);
    const written: Written[] = new Array<Written>(jobs.length).fill(null);
    order.forEach(({ i }, k) => (written[i] = stored[k] ?? null));
    return written;
  });
}

/**
 * Stores the reports the ingest queue took together (features/games/ingest-queue.ts): one alone
 * in its own transaction, several in one (storeBatch), retried on a deadlock or a serialization
 * failure. When a batch fails, each of its reports is stored again on its own, so that each gets
 * its own answer (a refusal for the report that caused it, the others stored).
 */
export async function storeReports(
  db: Db,
  jobs: readonly StoreJob[],
): Promise<Array<Settled<Written>>> {
  const one = async (job: StoreJob): Promise<Settled<Written>> => {
    try {
      return { ok: true, value: await retryOnConflict(() => storeOne(db, job)) };
    } catch (error) {
      return { ok: false, error };
    }
  };
  if (jobs.length === 1) return [await one(jobs[0]!)];
  try {
    const written = await storeBatch(db, jobs);
    return written.map((value) => ({ ok: true, value }));
  } catch {
    const outcomes: Array<Settled<Written>> = [];
    for (const job of jobs) outcomes.push(await one(job));
    return outcomes;
  }
}
