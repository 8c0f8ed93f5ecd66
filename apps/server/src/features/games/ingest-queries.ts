import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  gamePlayers,
  games,
  gameTeams,
  maps,
  playerStats,
  playerStatsPeriods,
  users,
} from '../../db/schema';

export type GameRow = typeof games.$inferSelect;
export type GamePlayerInsert = typeof gamePlayers.$inferInsert;

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

/** Inserts the game; undefined when this device reported the idempotency key before. */
export async function insertGame(
  db: Queryable,
  values: typeof games.$inferInsert,
): Promise<GameRow | undefined> {
  const [row] = await db.insert(games).values(values).onConflictDoNothing().returning();
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

export async function findMap(db: Queryable, id: string, applicationId: string) {
  const [row] = await db
    .select()
    .from(maps)
    .where(and(eq(maps.id, id), eq(maps.applicationId, applicationId)))
    .limit(1);
  return row;
}

export async function userNames(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.userName]));
}

export async function insertTeams(db: Queryable, rows: Array<typeof gameTeams.$inferInsert>) {
  if (rows.length > 0) await db.insert(gameTeams).values(rows);
}

export async function insertPlayers(db: Queryable, rows: GamePlayerInsert[]) {
  return db.insert(gamePlayers).values(rows).returning();
}

export interface StatDelta {
  userId: string;
  gamesPlayed: number;
  gamesWon: number;
  gamesLost: number;
  kills: number;
  deaths: number;
  scoreTotal: number;
  bestScore: number;
}

/** Adds one game per player to the all-time totals (rows sorted by user id: one lock order). */
export async function addToPlayerStats(db: Queryable, applicationId: string, deltas: StatDelta[]) {
  if (deltas.length === 0) return;
  const rows = [...deltas]
    .sort((a, b) => a.userId.localeCompare(b.userId))
    .map((d) => ({ ...d, applicationId }));
  const t = playerStats;
  await db
    .insert(t)
    .values(rows)
    .onConflictDoUpdate({
      target: [t.userId, t.applicationId],
      set: {
        gamesPlayed: sql`${t.gamesPlayed} + excluded.games_played`,
        gamesWon: sql`${t.gamesWon} + excluded.games_won`,
        gamesLost: sql`${t.gamesLost} + excluded.games_lost`,
        kills: sql`${t.kills} + excluded.kills`,
        deaths: sql`${t.deaths} + excluded.deaths`,
        scoreTotal: sql`${t.scoreTotal} + excluded.score_total`,
        bestScore: sql`greatest(${t.bestScore}, excluded.best_score)`,
        updatedAt: sql`now()`,
      },
    });
}

export interface PeriodKey {
  periodKind: 'week' | 'month' | 'all';
  periodStart: string;
  arcadeId: string;
}

/** Adds one game per player to each of the given period aggregates. */
export async function addToPeriods(
  db: Queryable,
  applicationId: string,
  periods: PeriodKey[],
  deltas: StatDelta[],
) {
  if (deltas.length === 0) return;
  const rows = periods
    .flatMap((p) => deltas.map((d) => ({ ...d, ...p, applicationId })))
    .sort(
      (a, b) =>
        a.userId.localeCompare(b.userId) ||
        a.periodKind.localeCompare(b.periodKind) ||
        a.periodStart.localeCompare(b.periodStart) ||
        a.arcadeId.localeCompare(b.arcadeId),
    );
  const t = playerStatsPeriods;
  await db
    .insert(t)
    .values(rows)
    .onConflictDoUpdate({
      target: [t.userId, t.applicationId, t.periodKind, t.periodStart, t.arcadeId],
      set: {
        gamesPlayed: sql`${t.gamesPlayed} + excluded.games_played`,
        gamesWon: sql`${t.gamesWon} + excluded.games_won`,
        gamesLost: sql`${t.gamesLost} + excluded.games_lost`,
        kills: sql`${t.kills} + excluded.kills`,
        deaths: sql`${t.deaths} + excluded.deaths`,
        scoreTotal: sql`${t.scoreTotal} + excluded.score_total`,
        bestScore: sql`greatest(${t.bestScore}, excluded.best_score)`,
      },
    });
}
