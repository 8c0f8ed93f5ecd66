import type {
  GameType,
  Leaderboard,
  LeaderboardMetric,
  LeaderboardPeriod,
  LeaderboardScope,
} from '@arcadia/contracts';
import { api } from '../../../lib/api/base';
import { lazySchema } from '../../../lib/api/lazy-schema';

export interface LeaderboardArgs {
  applicationId: string;
  metric: LeaderboardMetric;
  period: LeaderboardPeriod;
  scope: LeaderboardScope;
  arcade?: string;
  /** The rating board's mode (metric rating only). */
  mode?: GameType;
  page: number;
}

/**
 * GET /api/leaderboards/{applicationId}: public; with a token the answer carries `me`, the
 * caller's own entry even when it is not on the page.
 */
export const getLeaderboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLeaderboard: build.query<Leaderboard, LeaderboardArgs>({
      query: ({ applicationId, metric, period, scope, arcade, mode, page }) => ({
        url: `api/leaderboards/${encodeURIComponent(applicationId)}`,
        params: {
          metric,
          period,
          scope,
          page,
          ...(scope === 'arcade' && arcade ? { arcade } : {}),
          ...(metric === 'rating' && mode ? { mode } : {}),
        },
      }),
      responseSchema: lazySchema((c) => c.leaderboardSchema),
      providesTags: ['Leaderboard'],
    }),
  }),
});
