import {
  gameTypeSchema,
  LEADERBOARD_MAX_PAGE,
  type GameType,
  leaderboardMetricSchema,
  leaderboardPeriodSchema,
  leaderboardScopeSchema,
  type LeaderboardMetric,
  type LeaderboardPeriod,
  type LeaderboardScope,
} from '@arcadia/contracts';

/** The board the page shows, kept in the address (?metric=&period=&scope=&arcade=&page=). */
export interface LeaderboardFilters {
  metric: LeaderboardMetric;
  period: LeaderboardPeriod;
  scope: LeaderboardScope;
  arcade: string | null;
  /** The rating board's mode (metric rating only). */
  mode: GameType;
  page: number;
}

export const defaultFilters: LeaderboardFilters = {
  metric: 'score',
  period: 'all',
  scope: 'global',
  arcade: null,
  mode: 'elimination',
  page: 1,
};

const ARCADE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Reads the filters from the query string; anything unknown falls back to the default. */
export function readFilters(params: URLSearchParams): LeaderboardFilters {
  const metric = leaderboardMetricSchema.safeParse(params.get('metric'));
  const period = leaderboardPeriodSchema.safeParse(params.get('period'));
  const scope = leaderboardScopeSchema.safeParse(params.get('scope'));
  const arcade = params.get('arcade');
  const mode = gameTypeSchema.safeParse(params.get('mode'));
  const page = Number(params.get('page'));
  return {
    metric: metric.success ? metric.data : defaultFilters.metric,
    period: period.success ? period.data : defaultFilters.period,
    scope: scope.success ? scope.data : defaultFilters.scope,
    arcade: arcade && ARCADE_ID.test(arcade) ? arcade : null,
    mode: mode.success ? mode.data : defaultFilters.mode,
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
  if (filters.metric === 'rating') params.set('mode', filters.mode);
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
