import type { GamesOverview } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';
import { lazySchema } from '../../../lib/api/lazy-schema';

/**
 * GET /api/games/{applicationId} for the trend filters: the modes (named in de/en) and maps a
 * player can pick. The games feature reads the same route for its page.
 */
export const getTrendFiltersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTrendFilters: build.query<GamesOverview, string>({
      query: (applicationId) => `api/games/${encodeURIComponent(applicationId)}`,
      responseSchema: lazySchema((c) => c.gamesOverviewSchema),
      providesTags: (_result, _error, applicationId) => [{ type: 'Games', id: applicationId }],
    }),
  }),
});
