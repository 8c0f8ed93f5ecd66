import { z } from 'zod';
import { gameTypeSchema } from './games';
import {
  LEADERBOARD_KD_MIN_GAMES,
  LEADERBOARD_MAX_PAGE,
  LEADERBOARD_METRICS,
  LEADERBOARD_PAGE_SIZE,
  LEADERBOARD_PERIODS,
  LEADERBOARD_SCOPES,
  LEADERBOARD_STAT_METRICS,
} from './boards';

export {
  LEADERBOARD_KD_MIN_GAMES,
  LEADERBOARD_MAX_PAGE,
  LEADERBOARD_METRICS,
  LEADERBOARD_PAGE_SIZE,
  LEADERBOARD_PERIODS,
  LEADERBOARD_SCOPES,
  LEADERBOARD_STAT_METRICS,
};

/**
 * `GET /api/leaderboards/{applicationId}?metric=&period=&scope=&arcade=&page=` — public; with a
 * bearer token the answer adds `me`, the caller's own entry (also when it is off the page).
 * Scope `friends` needs a token (401 otherwise) and ranks the caller among the players they
 * added. Scope `arcade` needs `arcade` (400 otherwise; 404 for an unknown arcade).
 *
 * Metrics: `score` = total score, `wins` = games won, `kd` = kills / max(deaths, 1) over players
 * with at least LEADERBOARD_KD_MIN_GAMES games. Periods: `all`, `month` (calendar month, UTC),
 * `week` (ISO week from Monday, UTC). `rating` = the skill rating of one mode (`mode`, required;
 * docs/rating.md), all time only (period `all`, scope `global` or `friends`), over players with a
 * rated game in it; its entries say whether the rating is still provisional. Ties share a rank (1, 2, 2, 4); within a tie the order is
 * by user name. Pages have LEADERBOARD_PAGE_SIZE entries (the constants: boards.ts).
 */

/**
 * Rank buckets of the all-time boards: a value's bucket is
 * floor(ln(x + 1) * LEADERBOARD_RANK_BUCKETS_PER_DOUBLING / ln 2), x being the score or the wins,
 * or K/D * LEADERBOARD_KD_BUCKET_SCALE (K/D only for players with LEADERBOARD_KD_MIN_GAMES
 * games); player_rank_bucket_groups counts LEADERBOARD_RANK_BUCKETS_PER_GROUP buckets per group.
 * The server's SQL functions (apps/server/src/db/functions) take these values by placeholder, so
 * SQL and TypeScript cannot disagree. Changing one changes those functions (a new migration from
 * `npm run db:functions`) and means rebuilding the stored bucket counts in that migration.
 */
export const LEADERBOARD_RANK_BUCKETS_PER_DOUBLING = 256;
export const LEADERBOARD_KD_BUCKET_SCALE = 100;
export const LEADERBOARD_RANK_BUCKETS_PER_GROUP = 64;

export type LeaderboardStatMetric = (typeof LEADERBOARD_STAT_METRICS)[number];
export const leaderboardMetricSchema = z.enum(LEADERBOARD_METRICS);
export const leaderboardPeriodSchema = z.enum(LEADERBOARD_PERIODS);
export const leaderboardScopeSchema = z.enum(LEADERBOARD_SCOPES);
export type LeaderboardMetric = z.infer<typeof leaderboardMetricSchema>;
export type LeaderboardPeriod = z.infer<typeof leaderboardPeriodSchema>;
export type LeaderboardScope = z.infer<typeof leaderboardScopeSchema>;

export const applicationIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, { message: 'applicationId must be a lowercase slug' });

export const leaderboardParamsSchema = z.object({ applicationId: applicationIdSchema });

export const leaderboardQuerySchema = z
  .object({
    metric: leaderboardMetricSchema.default('score'),
    period: leaderboardPeriodSchema.default('all'),
    scope: leaderboardScopeSchema.default('global'),
    arcade: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'arcade must be an arcade id' })
      .optional(),
    page: z.coerce.number().int().min(1).max(LEADERBOARD_MAX_PAGE).default(1),
    /** The mode of the rating board (metric `rating` only). */
    mode: gameTypeSchema.optional(),
  })
  .refine((q) => q.scope !== 'arcade' || Boolean(q.arcade), {
    message: 'scope arcade needs arcade',
    path: ['arcade'],
  })
  .refine((q) => q.metric !== 'rating' || Boolean(q.mode), {
    message: 'metric rating needs mode',
    path: ['mode'],
  })
  .refine((q) => q.metric !== 'rating' || q.period === 'all', {
    message: 'metric rating is all time only',
    path: ['period'],
  })
  .refine((q) => q.metric !== 'rating' || q.scope !== 'arcade', {
    message: 'metric rating has no arcade scope',
    path: ['scope'],
  });
export type LeaderboardQuery = z.output<typeof leaderboardQuerySchema>;
export type LeaderboardQueryInput = z.input<typeof leaderboardQuerySchema>;

export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  userId: z.uuid().toLowerCase(),
  userName: z.string(),
  /** score and wins: whole numbers; kd: rounded to 2 decimals. */
  value: z.number(),
  gamesPlayed: z.number().int(),
  /** Rating board only: fewer than RATING_PROVISIONAL_GAMES rated games in the mode. */
  provisional: z.boolean().optional(),
  /**
   * The own entry (`me`) only: the player chose not to appear on leaderboards
   * (users.leaderboard_visible), so nobody else sees this entry; the rank counts the listed players.
   */
  hidden: z.boolean().optional(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardSchema = z.object({
  applicationId: z.string(),
  metric: leaderboardMetricSchema,
  period: leaderboardPeriodSchema,
  scope: leaderboardScopeSchema,
  arcade: z.string().nullable(),
  /** First day (yyyy-mm-dd, UTC) of the week or month shown; null for all time. */
  periodStart: z.string().nullable(),
  /** The rating board's mode; null for the other metrics. */
  mode: gameTypeSchema.nullable().optional(),
  entries: z.array(leaderboardEntrySchema),
  /** The caller's own entry; null without a token or when the caller has no entry here. */
  me: leaderboardEntrySchema.nullable(),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;
