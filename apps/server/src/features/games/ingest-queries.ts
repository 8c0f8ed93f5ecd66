import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { gamePlayers, games, gameTeams, playerStats, playerStatsPeriods } from '../../db/schema';

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

const list = (values: SQL[]) => sql.join(values, sql`, `);

/** Whether the map exists for the game, and the names of those of the users that exist. */
export async function checkReferences(
  db: Queryable,
  mapId: string,
  applicationId: string,
  userIds: string[],
): Promise<{ mapExists: boolean; names: Map<string, string> }> {
  const found =
    userIds.length > 0
      ? sql`(select json_agg(json_build_array(id, user_name)) from users
             where id in (${list(userIds.map((id) => sql`${id}::uuid`))}))`
      : sql`null::json`;
  const res = await db.execute(sql`
    select exists(select 1 from maps where id = ${mapId} and application_id = ${applicationId})
             as map_exists,
           ${found} as users`);
  const row = res.rows[0] as { map_exists: boolean; users: Array<[string, string]> | null };
  return { mapExists: row.map_exists, names: new Map(row.users ?? []) };
}

export interface PlayerInsert {
  userId: string | null;
  name: string;
  teamId: number | null;
  kills: number;
  deaths: number;
  score: number;
  won: boolean;
}

/** The game's teams and players in one statement; answers the players as stored. */
export async function insertTeamsAndPlayers(
  db: Queryable,
  gameId: string,
  teams: Array<{ teamId: number; name: string; score: number }>,
  players: PlayerInsert[],
): Promise<PlayerInsert[]> {
  const withTeams =
    teams.length > 0
      ? sql`with t as (insert into game_teams (game_id, team_id, name, score) values ${list(
          teams.map((t) => sql`(${gameId}, ${t.teamId}, ${t.name}, ${t.score})`),
        )}) `
      : sql``;
  const res = await db.execute(sql`${withTeams}
    insert into game_players (game_id, user_id, name, team_id, kills, deaths, score, won)
    values ${list(
      players.map(
        (p) =>
          sql`(${gameId}, ${p.userId}::uuid, ${p.name}, ${p.teamId}::integer, ${p.kills}, ${p.deaths}, ${p.score}, ${p.won})`,
      ),
    )}
    returning user_id, name, team_id, kills, deaths, score, won`);
  return res.rows.map((r) => ({
    userId: (r.user_id as string | null) ?? null,
    name: String(r.name),
    teamId: r.team_id === null ? null : Number(r.team_id),
    kills: Number(r.kills),
    deaths: Number(r.deaths),
    score: Number(r.score),
    won: Boolean(r.won),
  }));
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
