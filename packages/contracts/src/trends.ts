import { z } from 'zod';
import { gameTypeSchema } from './games';
import { applicationIdSchema } from './leaderboard';

/**
 * `GET /api/user/{id}/trends?application=&mode=&map=` — a player's statistics over time, for the
 * charts of the profile's statistics tab. Visible as the profile is (any signed-in player).
 * Counted: the player's stored games that are not voided, in the application, optionally one
 * mode and one map (an empty `mode` or `map` means all).
 *
 * `weeks`: one point per ISO week (from Monday, UTC, as the weekly leaderboard) in which the
 * player played, oldest first, at most TRENDS_MAX_WEEKS (the latest): games, score per game,
 * K/D = kills / max(deaths, 1).
 * `ratings`: the displayed skill rating after each rated game (docs/rating.md), oldest first, at
 * most TRENDS_MAX_RATING_POINTS (the latest). Ratings are kept per mode, so each point names it.
 * `current`: the rating in each mode now (player_ratings), not filtered.
 */
export const TRENDS_MAX_WEEKS = 104;
export const TRENDS_MAX_RATING_POINTS = 500;

export const trendsQuerySchema = z.object({
  application: applicationIdSchema.default('commando'),
  mode: z.union([gameTypeSchema, z.literal('')]).optional(),
  map: z
    .string()
    .regex(/^[A-Za-z0-9_-]{0,64}$/, { message: 'map must be a map id' })
    .optional(),
});
export type TrendsQuery = z.output<typeof trendsQuerySchema>;
export type TrendsQueryInput = z.input<typeof trendsQuerySchema>;

export const trendWeekSchema = z.object({
  /** The Monday of the week, YYYY-MM-DD. */
  week: z.string(),
  games: z.number().int(),
  kills: z.number().int(),
  deaths: z.number().int(),
  scorePerGame: z.number(),
  kd: z.number(),
});
export type TrendWeek = z.infer<typeof trendWeekSchema>;

export const trendRatingSchema = z.object({
  playedAt: z.string(),
  mode: gameTypeSchema,
  rating: z.number().int(),
});
export type TrendRating = z.infer<typeof trendRatingSchema>;

/** The player's skill rating in a mode now, and the rated games it stands on. */
export const currentRatingSchema = z.object({
  mode: gameTypeSchema,
  rating: z.number().int(),
  games: z.number().int(),
});
export type CurrentRating = z.infer<typeof currentRatingSchema>;

export const trendsSchema = z.object({
  playerId: z.uuid().toLowerCase(),
  application: z.string(),
  mode: gameTypeSchema.nullable(),
  map: z.string().nullable(),
  weeks: z.array(trendWeekSchema),
  ratings: z.array(trendRatingSchema),
  /**
   * The rating in each mode the player has played in the application, whatever the mode and
   * map asked (provisional below RATING_PROVISIONAL_GAMES games), in GAME_TYPES order.
   */
  current: z.array(currentRatingSchema),
});
export type Trends = z.infer<typeof trendsSchema>;
