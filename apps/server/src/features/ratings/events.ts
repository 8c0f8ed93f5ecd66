import { eq } from 'drizzle-orm';
import type { AppEventHandler } from '../../events/map';
import { playerRatings } from '../../db/schema';

/**
 * A deleted player's ratings go (the rating rows; the before/after values on their game slots
 * stay with the anonymised slots, where they name no one).
 */
export const forgetRatings: AppEventHandler<'user.deleted'> = async (tx, user) => {
  user.vacuumAfterCommit('player_ratings');
  await tx.delete(playerRatings).where(eq(playerRatings.userId, user.id));
};
