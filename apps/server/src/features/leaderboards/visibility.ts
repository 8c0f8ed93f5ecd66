import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';

/**
 * Locks the player's rating rows, in the order the ingest locks them. A change of
 * users.leaderboard_visible (issue 17) moves the player's stats and rating rows in or out of the
 * rank counts (db/functions/boards-listed.sql); taking these locks before the users row means a
 * game stored at the same time waits instead of deadlocking. Call first in the transaction.
 */
export async function lockBoardRows(tx: Queryable, userId: string): Promise<void> {
  await tx.execute(sql`select 1 from player_ratings where user_id = ${userId}
    order by application_id, mode for update`);
}

/**
 * Shows or hides a player on the leaderboards for everyone else; they keep seeing their own
 * rank. The users trigger does the rest.
 */
export async function setLeaderboardVisible(
  tx: Queryable,
  userId: string,
  visible: boolean,
): Promise<void> {
  await lockBoardRows(tx, userId);
  await tx.execute(sql`update users set leaderboard_visible = ${visible} where id = ${userId}`);
}
