import { eq } from 'drizzle-orm';
import type { AppEventHandler } from '../../events/map';
import { playerAchievementFacts, playerAchievements } from '../../db/schema';

/** A deleted player's achievements and facts go (the foreign keys cascade too). */
export const forgetAchievements: AppEventHandler<'user.deleted'> = async (tx, user) => {
  user.vacuumAfterCommit('player_achievements', 'player_achievement_facts');
  await tx.delete(playerAchievements).where(eq(playerAchievements.userId, user.id));
  await tx.delete(playerAchievementFacts).where(eq(playerAchievementFacts.userId, user.id));
};
