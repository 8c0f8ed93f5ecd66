import { searchResultSchema, type SearchResult } from '@arcadia/contracts';
import { adminApi } from '../admin-api';

/** GET /api/user?searchterm=: registered players by name, (a guest's result, a role) */
export const findPlayersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    findPlayers: build.query<SearchResult, string>({
      query: (term) => ({ url: 'api/user', params: { searchterm: term } }),
      responseSchema: searchResultSchema,
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useFindPlayersQuery } = findPlayersApi;
