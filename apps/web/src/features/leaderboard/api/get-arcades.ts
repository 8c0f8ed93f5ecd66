import { arcadesResponseSchema, type ArcadesResponse } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';

/** GET /api/arcades: every venue (public), for the board's arcade choice. */
export const getArcadesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getArcades: build.query<ArcadesResponse, void>({
      query: () => 'api/arcades',
      responseSchema: arcadesResponseSchema,
    }),
  }),
});
