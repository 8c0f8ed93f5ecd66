import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';

/**
 * Shows or hides a player on the leaderboards for everyone else (issue 17); they keep seeing
 * their own rank. Call inside the transaction that saves the setting. The users trigger
 * (db/functions/boards-listed.sql) moves their rows in or out of the rank counts; their rating
 * rows are locked first, in the order the ingest locks them, so a game stored at the same time
 * waits instead of deadlocking.
 */
export async function setLeaderboardVisible(
  tx: Queryable,
  userId: string,
  visible: boolean,
): Promise<void> {
  await tx.execute(sql`select 1 from player_ratings where user_id = ${userId}
    order by application_id, mode for update`);
  await tx.execute(sql`update users set leaderboard_visible = ${visible} where id = ${userId}`);
}
