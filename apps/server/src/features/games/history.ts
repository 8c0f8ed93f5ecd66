import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  emptyStatistics,
  MATCH_HISTORY_PAGE_SIZE,
  type Game,
  type StatisticsSummary,
} from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { gamePlayers, games, gameTeams, maps, playerStats } from '../../db/schema';

/** A player's games, newest first, in the Game shape of spec §3 as seen by that player. */
export async function matchHistory(
  db: Queryable,
  userId: string,
  page = 1,
  pageSize = MATCH_HISTORY_PAGE_SIZE,
): Promise<Game[]> {
  return gamesOf(db, userId, (page - 1) * pageSize, pageSize);
}

/** One page of the match history and whether more follow. */
export async function matchHistoryPage(
  db: Queryable,
  userId: string,
  page: number,
  pageSize = MATCH_HISTORY_PAGE_SIZE,
): Promise<{ games: Game[]; page: number; pageSize: number; hasMore: boolean }> {
  const games = await gamesOf(db, userId, (page - 1) * pageSize, pageSize + 1);
  return { games: games.slice(0, pageSize), page, pageSize, hasMore: games.length > pageSize };
}

async function gamesOf(
  db: Queryable,
  userId: string,
  offset: number,
  limit: number,
): Promise<Game[]> {
  const own = await db
    .select({
      game: games,
      map: maps,
      kills: gamePlayers.kills,
      deaths: gamePlayers.deaths,
      score: gamePlayers.score,
      won: gamePlayers.won,
    })
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.gameId))
    .innerJoin(maps, eq(maps.id, games.mapId))
    .where(eq(gamePlayers.userId, userId))
    .orderBy(desc(games.playedAt), desc(games.id))
    .limit(limit)
    .offset(offset);
  if (own.length === 0) return [];
  const ids = own.map((row) => row.game.id);
  const [players, teams] = await Promise.all([
    db
      .select()
      .from(gamePlayers)
      .where(inArray(gamePlayers.gameId, ids))
      .orderBy(desc(gamePlayers.score)),
    db.select().from(gameTeams).where(inArray(gameTeams.gameId, ids)).orderBy(gameTeams.teamId),
  ]);
  return own.map((row) => ({
    id: row.game.id,
    type: row.game.type,
    map: { id: row.map.id, name: row.map.name, iconPath: row.map.iconPath },
    userHasWon: row.won,
    score: row.score,
    kills: row.kills,
    deaths: row.deaths,
    playedAt: row.game.playedAt.toISOString(),
    durationSeconds: row.game.durationSeconds,
    arcade: row.game.arcadeId,
    players: players
      .filter((p) => p.gameId === row.game.id)
      .map((p) => ({
        id: p.userId,
        name: p.name,
        kills: p.kills,
        deaths: p.deaths,
        score: p.score,
        teamId: p.teamId,
      })),
    teamNames: teams
      .filter((t) => t.gameId === row.game.id)
      .map((t) => ({ id: t.teamId, name: t.name, score: t.score })),
  }));
}

export function summarize(totals: {
  gamesPlayed: number;
  gamesWon: number;
  gamesLost: number;
  kills: number;
  deaths: number;
}): StatisticsSummary {
  if (totals.gamesPlayed === 0) return { ...emptyStatistics };
  return {
    gamesPlayed: totals.gamesPlayed,
    gamesWon: totals.gamesWon,
    gamesLost: totals.gamesLost,
    overallKills: totals.kills,
    overallDeaths: totals.deaths,
    kda: Math.round((totals.kills / Math.max(totals.deaths, 1)) * 100) / 100,
    winrate: Math.round((totals.gamesWon / totals.gamesPlayed) * 1000) / 10,
  };
}

/** The statistics summary of spec §3 from the stored per-application totals. */
export async function statisticsSummary(
  db: Queryable,
  userId: string,
  applicationId?: string,
): Promise<StatisticsSummary> {
  const [row] = await db
    .select({
      gamesPlayed: sql<number>`coalesce(sum(${playerStats.gamesPlayed}), 0)::int`,
      gamesWon: sql<number>`coalesce(sum(${playerStats.gamesWon}), 0)::int`,
      gamesLost: sql<number>`coalesce(sum(${playerStats.gamesLost}), 0)::int`,
      kills: sql<number>`coalesce(sum(${playerStats.kills}), 0)::bigint`,
      deaths: sql<number>`coalesce(sum(${playerStats.deaths}), 0)::bigint`,
    })
    .from(playerStats)
    .where(
      applicationId
        ? and(eq(playerStats.userId, userId), eq(playerStats.applicationId, applicationId))
        : eq(playerStats.userId, userId),
    );
  return summarize({
    gamesPlayed: Number(row?.gamesPlayed ?? 0),
    gamesWon: Number(row?.gamesWon ?? 0),
    gamesLost: Number(row?.gamesLost ?? 0),
    kills: Number(row?.kills ?? 0),
    deaths: Number(row?.deaths ?? 0),
  });
}
