import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { gamePlayers, playerStats, playerStatsPeriods } from '../../db/schema';

/**
 * The player's rows in games stay for the other players of those games, under `name` and
 * without the player's id (a trigger rebuilds the players stored with each game,
 * games.players_json).
 */
export async function anonymisePlayer(db: Queryable, userId: string, name: string): Promise<void> {
  await db
    .update(gamePlayers)
    .set({ name, userId: null, anonymised: true })
    .where(eq(gamePlayers.userId, userId));
}

/**
 * The player's name in the games they played, after an operator renamed them: the stored player
 * lists follow (the game_players_json_update trigger), so no match page, history or share image
 * keeps the old name, which someone else may register now.
 */
export async function renamePlayerInGames(
  db: Queryable,
  userId: string,
  name: string,
): Promise<void> {
  await db.update(gamePlayers).set({ name }).where(eq(gamePlayers.userId, userId));
}

/** The player's all-time and period statistics (triggers keep the rank buckets counted). */
export async function deleteStatsOf(db: Queryable, userId: string): Promise<void> {
  await db.delete(playerStats).where(eq(playerStats.userId, userId));
  await db.delete(playerStatsPeriods).where(eq(playerStatsPeriods.userId, userId));
}

/** The ids of the games the player played. */
export async function gameIdsOf(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: gamePlayers.gameId })
    .from(gamePlayers)
    .where(eq(gamePlayers.userId, userId));
  return rows.map((r) => r.id);
}
