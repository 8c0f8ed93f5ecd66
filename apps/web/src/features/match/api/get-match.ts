import { matchSchema, type Match } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';

/** GET /api/matches/{id}: one game for its public page (no sign-in needed); 404 when voided. */
export const getMatchApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMatch: build.query<Match, string>({
      query: (id) => `api/matches/${encodeURIComponent(id)}`,
      responseSchema: matchSchema,
      providesTags: (_result, _error, id) => [{ type: 'Games', id: `match-${id}` }],
    }),
  }),
});
