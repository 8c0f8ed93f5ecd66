import { searchResultSchema, type SearchResult } from '@arcadia/contracts';
import { adminApi, PLAYER_LISTS } from '../admin-api';

/**
 * GET /api/admin/players/find?q=: the player picker's search (roles, visits, a guest's result).
 * Not the app's public search, which hides friends-only and private profiles: admins find every
 * player, staff the players of their arcades and those the public search shows them.
 */
export const findPlayersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    findPlayers: build.query<SearchResult, string>({
      query: (q) => ({ url: 'api/admin/players/find', params: { q } }),
      responseSchema: searchResultSchema,
      providesTags: [PLAYER_LISTS],
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useFindPlayersQuery } = findPlayersApi;
