import { adminArcadeSchema, type AdminArcade } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

/** POST /api/admin/arcades/{arcadeId}/retire (admins): leaves the public list, history stays. */
export const retireArcadeApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    retireArcade: build.mutation<AdminArcade, string>({
      query: (arcadeId) => ({
        url: `api/admin/arcades/${encodeURIComponent(arcadeId)}/retire`,
        method: 'POST',
      }),
      responseSchema: adminArcadeSchema,
      invalidatesTags: ['AdminArcades', 'AdminAudit'],
    }),
  }),
});

export const { useRetireArcadeMutation } = retireArcadeApi;
