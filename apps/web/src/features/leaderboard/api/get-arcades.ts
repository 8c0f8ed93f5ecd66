import type { ArcadesResponse } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';
import { lazySchema } from '../../../lib/api/lazy-schema';

/** GET /api/arcades: every venue (public), for the board's arcade choice. */
export const getArcadesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getArcades: build.query<ArcadesResponse, void>({
      query: () => 'api/arcades',
      responseSchema: lazySchema((c) => c.arcadesResponseSchema),
    }),
  }),
});
