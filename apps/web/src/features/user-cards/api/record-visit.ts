import { visitSchema, type RecordVisitInput, type Visit } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';

/** POST /api/visits `{ userId, arcadeId? }`: the signed-in player met the card's owner (201). */
export const recordVisitApi = api.injectEndpoints({
  endpoints: (build) => ({
    recordVisit: build.mutation<Visit, RecordVisitInput>({
      query: (body) => ({ url: 'api/visits', method: 'POST', body }),
      responseSchema: visitSchema,
      invalidatesTags: ['Visits'],
    }),
  }),
});
