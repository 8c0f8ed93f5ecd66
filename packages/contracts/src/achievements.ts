import { z } from 'zod';

export * from './achievement-catalogue';

/**
 * `GET /api/user/{id}/achievements`: the player's unlocked achievements (newest first) and the
 * catalogue's locked ones with their progress (current of target; null when the rule has no
 * count, like a flawless game). The locked season badge is the current month's only.
 */
export const achievementStatusSchema = z.object({
  id: z.string(),
  unlockedAt: z.iso.datetime().nullable(),
  progress: z.object({ current: z.number().int(), target: z.number().int() }).nullable(),
});
export type AchievementStatus = z.infer<typeof achievementStatusSchema>;

export const achievementsSchema = z.object({
  unlocked: z.array(achievementStatusSchema),
  locked: z.array(achievementStatusSchema),
});
export type Achievements = z.infer<typeof achievementsSchema>;
