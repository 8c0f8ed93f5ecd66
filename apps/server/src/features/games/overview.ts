import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { GameType, GamesOverview, ModeBest } from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { gamePlayers, games } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { publicApplication } from './applications';
import { playableMaps } from './catalogue';

/**
 * A player's best results per mode (the given modes, in their order): read from their own games
 * only (an index on user_id), voided games left out.
 */
async function bestPerMode(
  db: Queryable,
  userId: string,
  applicationId: string,
  modes: readonly GameType[],
): Promise<ModeBest[]> {
  const mine = and(
    eq(gamePlayers.userId, userId),
    eq(games.applicationId, applicationId),
    isNull(games.voidedAt),
  );
  const [totals, bestGames] = await Promise.all([
    db
      .select({
        type: games.type,
        gamesPlayed: sql<number>`count(*)::int`,
        gamesWon: sql<number>`count(*) filter (where ${gamePlayers.won})::int`,
        bestScore: sql<number>`max(${gamePlayers.score})::int`,
        mostKills: sql<number>`max(${gamePlayers.kills})::int`,
        kills: sql<number>`sum(${gamePlayers.kills})::int`,
        deaths: sql<number>`sum(${gamePlayers.deaths})::int`,
      })
      .from(gamePlayers)
      .innerJoin(games, eq(games.id, gamePlayers.gameId))
      .where(mine)
      .groupBy(games.type),
    db
      .selectDistinctOn([games.type], { type: games.type, id: games.id, playedAt: games.playedAt })
      .from(gamePlayers)
      .innerJoin(games, eq(games.id, gamePlayers.gameId))
      .where(mine)
      .orderBy(asc(games.type), desc(gamePlayers.score), desc(games.playedAt)),
  ]);
  return modes.map((type) => {
    const total = totals.find((t) => t.type === type);
    const best = bestGames.find((b) => b.type === type);
    return {
      type,
      gamesPlayed: total?.gamesPlayed ?? 0,
      gamesWon: total?.gamesWon ?? 0,
      bestScore: total?.bestScore ?? 0,
      mostKills: total?.mostKills ?? 0,
      kd: total ? Math.round((total.kills / Math.max(total.deaths, 1)) * 100) / 100 : 0,
      bestGameId: best?.id ?? null,
      bestPlayedAt: best?.playedAt.toISOString() ?? null,
    };
  });
}

/** The game, the modes it offers, its maps in play; with a player, their best results per mode. */
export async function gamesOverview(
  db: Queryable,
  applicationId: string,
  userId: string | null,
): Promise<GamesOverview> {
  const application = await publicApplication(db, applicationId);
  if (!application) throw notFound(`No game "${applicationId}"`);
  const types = application.modes.map((m) => m.type);
  const [mapRows, best] = await Promise.all([
    playableMaps(db, applicationId),
    userId ? bestPerMode(db, userId, applicationId, types) : null,
  ]);
  return {
    applicationId,
    name: application.name,
    description: application.description,
    modes: application.modes,
    maps: mapRows,
    best,
  };
}
