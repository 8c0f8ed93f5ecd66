import { visitsResponseSchema, type VisitsResponse } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';

/** GET /api/visits: the players met recently, each once, newest first, with a friend flag. */
export const getVisitsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getVisits: build.query<VisitsResponse, void>({
      query: () => 'api/visits',
      responseSchema: visitsResponseSchema,
      // The friend flag changes when a friend is added anywhere in the app.
      providesTags: ['Visits', 'Friends'],
    }),
  }),
});

export const { useGetVisitsQuery } = getVisitsApi;
