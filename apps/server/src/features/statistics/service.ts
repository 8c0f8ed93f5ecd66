import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { StatisticEntry } from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { gamePlayers, games, maps, playerStats } from '../../db/schema';

const round = (value: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** The player's favourite map and mode per application: the ones they played most (not voided). */
async function favourites(db: Queryable, userId: string) {
  const [byMap, byMode] = await Promise.all([
    db
      .select({
        applicationId: games.applicationId,
        name: maps.name,
        n: sql<number>`count(*)::int`,
      })
      .from(gamePlayers)
      .innerJoin(games, eq(games.id, gamePlayers.gameId))
      .innerJoin(maps, eq(maps.id, games.mapId))
      .where(and(eq(gamePlayers.userId, userId), isNull(games.voidedAt)))
      .groupBy(games.applicationId, maps.name)
      .orderBy(desc(sql`count(*)`), maps.name),
    db
      .select({
        applicationId: games.applicationId,
        type: games.type,
        n: sql<number>`count(*)::int`,
      })
      .from(gamePlayers)
      .innerJoin(games, eq(games.id, gamePlayers.gameId))
      .where(and(eq(gamePlayers.userId, userId), isNull(games.voidedAt)))
      .groupBy(games.applicationId, games.type)
      .orderBy(desc(sql`count(*)`), games.type),
  ]);
  const first = <T extends { applicationId: string }>(rows: T[], app: string) =>
    rows.find((r) => r.applicationId === app);
  return { byMap, byMode, first };
}

/**
 * The statistic entries of the GraphQL `statistics` query: per application the player played,
 * from the stored totals (player_stats) plus the favourite map and mode from their own games.
 * Values are strings; rates are percentages with one decimal, K/D has two.
 */
export async function playerStatistics(db: Queryable, userId: string): Promise<StatisticEntry[]> {
  const totals = await db.select().from(playerStats).where(eq(playerStats.userId, userId));
  if (totals.length === 0) return [];
  const fav = await favourites(db, userId);
  return totals
    .sort((a, b) => a.applicationId.localeCompare(b.applicationId))
    .flatMap((t) => {
      const applicationId = t.applicationId;
      const entry = (name: string, value: string | number): StatisticEntry => ({
        name,
        value: String(value),
        applicationId,
      });
      const entries = [
        entry('gamesPlayed', t.gamesPlayed),
        entry('gamesWon', t.gamesWon),
        entry('gamesLost', t.gamesLost),
        entry('winrate', round((t.gamesWon / Math.max(t.gamesPlayed, 1)) * 100, 1)),
        entry('kills', t.kills),
        entry('deaths', t.deaths),
        entry('kd', round(t.kills / Math.max(t.deaths, 1), 2).toFixed(2)),
        entry('scoreTotal', t.scoreTotal),
        entry('averageScore', round(t.scoreTotal / Math.max(t.gamesPlayed, 1), 1)),
        entry('bestScore', t.bestScore),
      ];
      const map = fav.first(fav.byMap, applicationId);
      const mode = fav.first(fav.byMode, applicationId);
      if (map) entries.push(entry('favouriteMap', map.name));
      if (mode) entries.push(entry('favouriteMode', mode.type));
      return entries;
    });
}
