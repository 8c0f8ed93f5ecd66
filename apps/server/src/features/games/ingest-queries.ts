import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SlotRating } from '../ratings';
import type { Queryable } from '../../db/client';
import { runPrepared } from '../../db/prepared';
import { mergeRowsWrites, renderRowsWrite, type RowsWrite } from '../../events/rows-write';
import { devicePlayers, gamePlayers, games, gameTeams, maps, users } from '../../db/schema';

export type GameRow = typeof games.$inferSelect;

export async function findGameByKey(
  db: Queryable,
  arcade: string,
  deviceId: string,
  idempotencyKey: string,
): Promise<GameRow | undefined> {
  const [row] = await db
    .select()
    .from(games)
    .where(
      and(
        eq(games.arcadeId, arcade),
        eq(games.deviceId, deviceId),
        eq(games.idempotencyKey, idempotencyKey),
      ),
    )
    .limit(1);
  return row;
}

export async function loadGameParts(db: Queryable, gameId: string) {
  const [teams, players] = await Promise.all([
    db.select().from(gameTeams).where(eq(gameTeams.gameId, gameId)).orderBy(asc(gameTeams.teamId)),
    db
      .select()
      .from(gamePlayers)
      .where(eq(gamePlayers.gameId, gameId))
      .orderBy(asc(gamePlayers.id)),
  ]);
  return { teams, players };
}

/** Those of the given users that exist. */
export async function existingUsers(db: Queryable, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
  return new Set(rows.map((r) => r.id));
}

/** Which of the given players are on the device's roster (joined it, not yet released). */
export async function playersOnRoster(
  db: Queryable,
  arcadeId: string,
  deviceId: string,
  userIds: string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: devicePlayers.userId })
    .from(devicePlayers)
    .where(
      and(
        eq(devicePlayers.arcadeId, arcadeId),
        eq(devicePlayers.deviceId, deviceId),
        inArray(devicePlayers.userId, userIds),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

export interface PeriodKey {
  periodKind: 'week' | 'month' | 'all';
  periodStart: string;
  arcadeId: string;
}

/** What arcadia_ingest_game (src/db/functions/ingest-game.sql) stores. */
export interface GamePayload {
  /**
   * Refuse (AR003) a registered player who is not on the reporting device's roster: true for
   * every report a device sends; false only for the demo seed, which stores games directly.
   */
  rosterOnly: boolean;
  /** The hash of the key a device's report was authenticated with, checked under its row lock. */
  deviceKeyHash?: string;
  /**
   * The new game's id (chosen here, so that the handlers of 'game.stored' can name the game
   * before it is stored).
   */
  id: string;
  arcadeId: string;
  deviceId: string;
  applicationId: string;
  type: 'freeforall' | 'elimination' | 'deathmatch';
  mapId: string;
  playedAt: string;
  durationSeconds: number;
  idempotencyKey: string;
  teams: Array<{ id: number; name: string; score: number }>;
  players: Array<{
    userId: string | null;
    guestName: string | null;
    teamId: number | null;
    kills: number;
    deaths: number;
    score: number;
    won: boolean;
    /** The registered player's skill rating before and after (features/ratings); guests null. */
    rating: SlotRating | null;
  }>;
  periods: PeriodKey[];
}

/** The SQLSTATEs arcadia_ingest_game raises for references that do not exist. */
export const UNKNOWN_MAP = 'AR001';
export const UNKNOWN_USER = 'AR002';
export const NOT_ON_ROSTER = 'AR003';
export const UNKNOWN_APPLICATION = 'AR004';
export const MODE_NOT_OFFERED = 'AR005';
/** The report's device key is not the device's now (a new key, or the device deleted). */
export const DEVICE_KEY_CHANGED = 'AR006';
/** The report's device was disabled after its key was verified. */
export const DEVICE_DISABLED = 'AR007';
/** Every refusal of arcadia_ingest_game: the report (or the device) is wrong, nothing written. */
export const REFUSALS: ReadonlySet<string> = new Set([
  UNKNOWN_MAP,
  UNKNOWN_USER,
  NOT_ON_ROSTER,
  UNKNOWN_APPLICATION,
  MODE_NOT_OFFERED,
]);

/**
 * What the handlers' writes are restricted with (RowsWrite's `when`): the row's game was stored
 * (it is not a repeat). `stored` holds the statement's answers, `r` a game's {id, names} or null
 * for a repeat: storeGame's one row, the ingest's answer; storeGames' one row per game of the
 * batch.
 */
const WHEN_STORED = sql`m.game_id in (select (stored.r->>'id')::uuid from stored)`;

/**
 * The handlers' writes as data-modifying CTEs after a statement's first (`stored`): one per key,
 * the rows of all its writes together, so the text depends only on which keys there are.
 */
const hookCtes = (writes: readonly RowsWrite[]) =>
  sql.join(
    mergeRowsWrites(writes).map(
      (write, i) => sql`, ${sql.raw(`hook_${i}`)} as (${renderRowsWrite(write, WHEN_STORED)})`,
    ),
    sql` `,
  );

/**
 * Stores the game with everything it changes and the 'game.stored' handlers' writes, in ONE
 * statement (its own transaction, one round trip): arcadia_ingest_game in the first CTE, each
 * write in a data-modifying CTE after it. Answers the registered players' names; null when the
 * key was seen before (then the writes wrote nothing either).
 */
export async function storeGame(
  db: Queryable,
  payload: GamePayload,
  writes: readonly RowsWrite[],
): Promise<{ id: string; names: Record<string, string> } | null> {
  // A named prepared statement on PostgreSQL: the text is the same for every report with the
  // same kinds of writes (their rows are parameters), so each connection parses and plans it
  // once.
  const res = await runPrepared(
    db,
    sql`
    with stored as (select arcadia_ingest_game(${JSON.stringify(payload)}::jsonb) as r)
    ${hookCtes(writes)}
    select r as stored from stored`,
  );
  const stored = res.rows[0]?.stored as { id: string; names: Record<string, string> } | null;
  return stored ?? null;
}

/**
 * Stores several games (sharing no device and no registered player) and the handlers' writes of
 * each, in the caller's transaction and ONE statement: arcadia_ingest_games stores all the games
 * set-based (one insert per table for all of them) in the first CTE, then the writes follow as
 * data-modifying CTEs, one per kind with the rows of all the games (each row writes only if its
 * game was stored: nothing for a repeat, whose answer is null). As in storeGame, the writes
 * cannot see the games' rows. The text depends only on which kinds of writes the batch has, so
 * it is a prepared statement too. Answers, in the order given, each game's registered players'
 * names, or null for a repeat.
 */
export async function storeGames(
  db: Queryable,
  payloads: readonly GamePayload[],
  writes: ReadonlyArray<readonly RowsWrite[]>,
): Promise<Array<{ id: string; names: Record<string, string> } | null>> {
  const games = sql`select arcadia_ingest_games(${JSON.stringify(payloads)}::jsonb) as r`;
  const hooks = payloads.flatMap((_, i) => writes[i] ?? []);
  const res = await runPrepared(
    db,
    hooks.length === 0
      ? games
      : sql`with batch as (${games}),
          stored as (select e.r from batch, jsonb_array_elements(batch.r) as e(r))
          ${hookCtes(hooks)}
          select r from batch`,
  );
  const stored = res.rows[0]?.r as Array<{ id: string; names: Record<string, string> } | null>;
  if (!Array.isArray(stored) || stored.length !== payloads.length)
    throw new Error('arcadia_ingest_games answered for other games than it was given');
  return stored;
}

/** The SQLSTATE of a database error, also when the driver wrapped it. */
export function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.code === 'string' ? e.code : e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether the application has this map, retired (the refusal names why). */
export async function isRetiredMap(db: Queryable, applicationId: string, mapId: string) {
  const [row] = await db
    .select({ retiredAt: maps.retiredAt })
    .from(maps)
    .where(and(eq(maps.id, mapId), eq(maps.applicationId, applicationId)))
    .limit(1);
  return Boolean(row?.retiredAt);
}
