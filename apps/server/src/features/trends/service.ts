import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  GAME_TYPES,
  type CurrentRating,
  type GameType,
  TRENDS_MAX_RATING_POINTS,
  TRENDS_MAX_WEEKS,
  type Trends,
  type TrendsQuery,
} from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { gamePlayers, games, playerRatings } from '../../db/schema';
import { userById } from '../users';

const round = (value: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** The player's counted games: stored, not voided, in the application, mode and map asked. */
function countedGames(userId: string, q: TrendsQuery, mode: GameType | null, map: string | null) {
  const conditions: SQL[] = [
    eq(gamePlayers.userId, userId),
    isNull(games.voidedAt),
    eq(games.applicationId, q.application),
  ];
  if (mode) conditions.push(eq(games.type, mode));
  if (map) conditions.push(eq(games.mapId, map));
  return conditions;
}

/** ISO week (Monday, UTC) of a game, as the weekly leaderboard counts it. */
const weekOf = sql<string>`to_char(date_trunc('week', ${gamePlayers.playedAt} at time zone 'UTC'), 'YYYY-MM-DD')`;

/** One query: games, kills, deaths and score per week, the latest TRENDS_MAX_WEEKS weeks. */
async function weeklySeries(db: Queryable, conditions: SQL[]) {
  const rows = await db
    .select({
      week: weekOf,
      games: sql<number>`count(*)::int`,
      kills: sql<string>`sum(${gamePlayers.kills})`,
      deaths: sql<string>`sum(${gamePlayers.deaths})`,
      score: sql<string>`sum(${gamePlayers.score})`,
    })
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.gameId))
    .where(and(...conditions))
    .groupBy(weekOf)
    .orderBy(desc(weekOf))
    .limit(TRENDS_MAX_WEEKS);
  return rows.reverse().map((r) => {
    const kills = Number(r.kills);
    const deaths = Number(r.deaths);
    return {
      week: r.week,
      games: r.games,
      kills,
      deaths,
      scorePerGame: round(Number(r.score) / Math.max(r.games, 1), 1),
      kd: round(kills / Math.max(deaths, 1), 2),
    };
  });
}

/** One query: the displayed rating after each rated game, the latest TRENDS_MAX_RATING_POINTS. */
async function ratingSeries(db: Queryable, conditions: SQL[]) {
  const rows = await db
    .select({
      playedAt: gamePlayers.playedAt,
      mode: games.type,
      rating: gamePlayers.ratingAfter,
    })
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.gameId))
    .where(and(...conditions, isNotNull(gamePlayers.ratingAfter)))
    .orderBy(desc(gamePlayers.playedAt), desc(gamePlayers.id))
    .limit(TRENDS_MAX_RATING_POINTS);
  return rows.reverse().map((r) => ({
    playedAt: r.playedAt.toISOString(),
    mode: r.mode,
    rating: r.rating ?? 0,
  }));
}

/** The trends of a player (contract `trends.ts`); 404 for no such player. */
export async function playerTrends(db: Queryable, userId: string, q: TrendsQuery): Promise<Trends> {
  const mode = q.mode || null;
  const map = q.map || null;
  const conditions = countedGames(userId, q, mode, map);
  const [, weeks, ratings, current] = await Promise.all([
    userById(db, userId),
    weeklySeries(db, conditions),
    ratingSeries(db, conditions),
    currentRatings(db, userId, q.application),
  ]);
  return {
    playerId: userId,
    application: q.application,
    mode,
    map,
    weeks,
    ratings,
    current,
  };
}

/** The player's rating in each mode of the application now, in GAME_TYPES order. */
async function currentRatings(
  db: Queryable,
  userId: string,
  application: string,
): Promise<CurrentRating[]> {
  const rows = await db
    .select({ mode: playerRatings.mode, rating: playerRatings.rating, games: playerRatings.games })
    .from(playerRatings)
    .where(
      and(
        eq(playerRatings.userId, userId),
        eq(playerRatings.applicationId, application),
        sql`${playerRatings.games} > 0`,
      ),
    );
  return rows.sort((a, b) => GAME_TYPES.indexOf(a.mode) - GAME_TYPES.indexOf(b.mode));
}
