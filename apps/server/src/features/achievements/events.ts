import { eq } from 'drizzle-orm';
import type { AppEventHandler } from '../../events/map';
import { playerAchievementFacts, playerAchievements } from '../../db/schema';
import { lockFacts } from './repository';
import { achievementsOfIncomingGame, recomputeAchievements } from './service';

/** A deleted player's achievements and facts go (the foreign keys cascade too). */
export const forgetAchievements: AppEventHandler<'user.deleted'> = async (tx, user) => {
  user.vacuumAfterCommit('player_achievements', 'player_achievement_facts');
  await tx.delete(playerAchievements).where(eq(playerAchievements.userId, user.id));
  await tx.delete(playerAchievementFacts).where(eq(playerAchievementFacts.userId, user.id));
};

/**
 * A game being stored: its registered players' facts locked and the unlocks decided in its
 * transaction, their writes (facts, unlocks, notifications, pushes) added to its statement.
 */
export const awardAchievements: AppEventHandler<'game.storing'> = async (statement, game) => {
  for (const write of await achievementsOfIncomingGame(statement.db, game, statement.whenStored))
    statement.write(write);
};

/**
 * A guest's result became a player's (an operator's assignment or the player's claim code): their
 * facts are rebuilt with it, and what it earns is awarded and announced, in that transaction.
 */
export const achievementsOfAssignedSlot: AppEventHandler<'game.slot.assigned'> = async (
  tx,
  slot,
) => {
  await lockFacts(tx, [slot.userId]);
  await recomputeAchievements(tx, [slot.userId], { award: true, notify: true });
};
