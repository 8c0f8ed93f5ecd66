import type { Trends } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';
import { lazySchema } from '../../../lib/api/lazy-schema';

export interface TrendsArgs {
  playerId: string;
  application: string;
  /** '' for every mode. */
  mode: string;
  /** '' for every map. */
  map: string;
}

/** GET /api/user/{id}/trends: a player's statistics per week and rating after each game. */
export const getTrendsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTrends: build.query<Trends, TrendsArgs>({
      query: ({ playerId, application, mode, map }) =>
        `api/user/${encodeURIComponent(playerId)}/trends?${new URLSearchParams({ application, mode, map })}`,
      responseSchema: lazySchema((c) => c.trendsSchema),
      // A stored game refreshes the profile, and so its trends.
      providesTags: (_result, _error, { playerId }) => [{ type: 'Profile', id: playerId }],
    }),
  }),
});
