import type { MatchHistoryPage } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';
import { lazySchema } from '../../../lib/api/lazy-schema';

/** GET /api/user/{id}/games?page=: older pages of a match history, newest first. */
export const getMatchHistoryPageApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMatchHistoryPage: build.query<MatchHistoryPage, { userId: string; page: number }>({
      query: ({ userId, page }) => ({
        url: `api/user/${encodeURIComponent(userId)}/games`,
        params: { page },
      }),
      responseSchema: lazySchema((c) => c.matchHistoryPageSchema),
      providesTags: (_result, _error, { userId }) => [{ type: 'Games', id: userId }],
    }),
  }),
});
