import { adminArcadesSchema, type AdminArcade } from '@arcadia/contracts';
import { adminApi } from '../admin-api';

/**
 * GET /api/admin/arcades: the arcades the operator runs (admins: all, retired ones too). The
 * console's arcade picker and the arcades section read it.
 */
export const getAdminArcadesApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminArcades: build.query<{ arcades: AdminArcade[] }, void>({
      query: () => 'api/admin/arcades',
      responseSchema: adminArcadesSchema,
      providesTags: ['AdminArcades'],
    }),
  }),
});

export const { useGetAdminArcadesQuery } = getAdminArcadesApi;
