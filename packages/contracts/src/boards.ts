/**
 * The leaderboard's and the game modes' constants without their schemas (no zod): for pages that
 * need the values but should not load every schema (`@arcadia/contracts/boards`; the package's
 * index exports the same values, from games.ts, leaderboard.ts and rating.ts).
 */
export const GAME_TYPES = ['freeforall', 'elimination', 'deathmatch'] as const;

/**
 * What a team's score counts in a team mode: rounds won (elimination is played in rounds), or
 * its players' kills together (deathmatch). Freeforall has no teams. The device simulator plays
 * by this; the scoreboard labels team scores with it.
 */
export const TEAM_SCORE_UNITS = {
  freeforall: null,
  elimination: 'rounds',
  deathmatch: 'kills',
} as const satisfies Record<(typeof GAME_TYPES)[number], 'rounds' | 'kills' | null>;

export const LEADERBOARD_PAGE_SIZE = 20;
export const LEADERBOARD_KD_MIN_GAMES = 3;
export const LEADERBOARD_MAX_PAGE = 50_000;

/** The metrics summed from the statistics (player_stats); `rating` is the skill rating. */
export const LEADERBOARD_STAT_METRICS = ['score', 'kd', 'wins'] as const;
export const LEADERBOARD_METRICS = [...LEADERBOARD_STAT_METRICS, 'rating'] as const;
export const LEADERBOARD_PERIODS = ['all', 'month', 'week'] as const;
export const LEADERBOARD_SCOPES = ['global', 'friends', 'arcade'] as const;

export { RATING_PROVISIONAL_GAMES } from './rating';
