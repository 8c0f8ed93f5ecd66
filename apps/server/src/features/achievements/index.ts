/** Achievements (docs/achievements.md) as other features see them. */
export { achievementsOfIncomingGame, recomputeAchievements } from './service';
export { forgetAchievements } from './events';
