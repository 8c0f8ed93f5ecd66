import { eq } from 'drizzle-orm';
import type { AppEventHandler } from '../../events/map';
import { playerAchievementFacts, playerAchievements } from '../../db/schema';
import { lockFacts } from './repository';
import { achievementsOfIncomingGames, recomputeAchievements } from './service';

/** A deleted player's achievements and facts go (the foreign keys cascade too). */
export const forgetAchievements: AppEventHandler<'user.deleted'> = async (tx, user) => {
  user.vacuumAfterCommit('player_achievements', 'player_achievement_facts');
  await tx.delete(playerAchievements).where(eq(playerAchievements.userId, user.id));
  await tx.delete(playerAchievementFacts).where(eq(playerAchievementFacts.userId, user.id));
};

/**
 * Games being stored: their registered players' facts locked and the unlocks decided in their
 * transaction, each game's writes (facts, unlocks, notifications, pushes) added to its statement.
 */
export const awardAchievements: AppEventHandler<'games.storing'> = async (batch, games) => {
  for (const { gameId, writes } of await achievementsOfIncomingGames(batch.db, games))
    for (const write of writes) batch.write(gameId, write);
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
