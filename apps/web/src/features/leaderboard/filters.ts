import type {
  GameType,
  LeaderboardMetric,
  LeaderboardPeriod,
  LeaderboardScope,
} from '@arcadia/contracts';
// The values alone (no schemas, no zod): the board's page reads its address with plain lists.
import {
  GAME_TYPES,
  LEADERBOARD_MAX_PAGE,
  LEADERBOARD_METRICS,
  LEADERBOARD_PERIODS,
  LEADERBOARD_SCOPES,
} from '@arcadia/contracts/boards';

/** The value when it is one of the allowed ones, else undefined. */
const oneOf = <T extends string>(allowed: readonly T[], value: string | null): T | undefined =>
  (allowed as readonly (string | null)[]).includes(value) ? (value as T) : undefined;

/** The board the page shows, kept in the address (?metric=&period=&scope=&arcade=&page=). */
export interface LeaderboardFilters {
  metric: LeaderboardMetric;
  period: LeaderboardPeriod;
  scope: LeaderboardScope;
  arcade: string | null;
  /** The rating board's mode (metric rating only); null: not chosen, the player's own (modeOf). */
  mode: GameType | null;
  page: number;
}

export const defaultFilters: LeaderboardFilters = {
  metric: 'score',
  period: 'all',
  scope: 'global',
  arcade: null,
  mode: null,
  page: 1,
};

const ARCADE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Reads the filters from the query string; anything unknown falls back to the default. */
export function readFilters(params: URLSearchParams): LeaderboardFilters {
  const arcade = params.get('arcade');
  const page = Number(params.get('page'));
  return {
    metric: oneOf(LEADERBOARD_METRICS, params.get('metric')) ?? defaultFilters.metric,
    period: oneOf(LEADERBOARD_PERIODS, params.get('period')) ?? defaultFilters.period,
    scope: oneOf(LEADERBOARD_SCOPES, params.get('scope')) ?? defaultFilters.scope,
    arcade: arcade && ARCADE_ID.test(arcade) ? arcade : null,
    mode: oneOf(GAME_TYPES, params.get('mode')) ?? null,
    page: Number.isInteger(page) && page >= 1 && page <= LEADERBOARD_MAX_PAGE ? page : 1,
  };
}

/** The query string for the filters, leaving out what is the default. */
export function writeFilters(filters: LeaderboardFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.metric !== defaultFilters.metric) params.set('metric', filters.metric);
  if (filters.period !== defaultFilters.period) params.set('period', filters.period);
  if (filters.scope !== defaultFilters.scope) params.set('scope', filters.scope);
  if (filters.scope === 'arcade' && filters.arcade) params.set('arcade', filters.arcade);
  if (filters.metric === 'rating' && filters.mode) params.set('mode', filters.mode);
  if (filters.page !== 1) params.set('page', String(filters.page));
  return params;
}

/** A changed filter starts again at page 1; paging keeps the rest. */
export function withFilter(
  filters: LeaderboardFilters,
  change: Partial<Omit<LeaderboardFilters, 'page'>>,
): LeaderboardFilters {
  return { ...filters, ...change, page: 1 };
}

/** The arcades a player has played at, from their match history, in order of first sight. */
export function arcadesOf(games: ReadonlyArray<{ arcade: string }> | undefined): string[] {
  return [...new Set((games ?? []).map((g) => g.arcade).filter((a) => ARCADE_ID.test(a)))];
}

/** The rating board's mode when none is chosen: the one a new visitor sees first. */
export const FIRST_RATING_MODE: GameType = 'elimination';

/**
 * The mode the rating board opens on: the one chosen, else the one the player played most in
 * their latest games (the most recent of equals), else FIRST_RATING_MODE. A player who only plays
 * 'Jeder gegen jeden' would otherwise first see a board without themselves.
 */
export function modeOf(
  chosen: GameType | null,
  games: ReadonlyArray<{ type: GameType }> | undefined,
): GameType {
  if (chosen) return chosen;
  const counts = new Map<GameType, number>();
  for (const game of games ?? []) counts.set(game.type, (counts.get(game.type) ?? 0) + 1);
  let best: GameType | null = null;
  // The history is newest first: a later mode with the same count does not take the place.
  for (const [type, n] of counts) if (!best || n > counts.get(best)!) best = type;
  return best ?? FIRST_RATING_MODE;
}
