import { searchResultSchema, type SearchResult } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';

/** GET /api/user?searchterm={term}: players whose name matches, under `data`. */
export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchUsers: build.query<SearchResult, string>({
      query: (term) => ({ url: 'api/user', params: { searchterm: term } }),
      responseSchema: searchResultSchema,
      keepUnusedDataFor: 30,
    }),
  }),
});
