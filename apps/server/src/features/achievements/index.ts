/** Achievements (docs/achievements.md) as other features see them. */
export { backfillAchievements, recomputeAchievements } from './service';
export { achievementsOfAssignedSlot, awardAchievements, forgetAchievements } from './events';
export { lockFacts as lockAchievementFacts } from './repository';
