import { adminArcadeSchema, type AdminArcade, type ArcadeUpdate } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

/** PATCH /api/admin/arcades/{arcadeId} (staff of it, admins): the fields that changed. */
export const updateArcadeApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    updateArcade: build.mutation<AdminArcade, { arcadeId: string; changes: ArcadeUpdate }>({
      query: ({ arcadeId, changes }) => ({
        url: `api/admin/arcades/${encodeURIComponent(arcadeId)}`,
        method: 'PATCH',
        body: changes,
      }),
      responseSchema: adminArcadeSchema,
      invalidatesTags: ['AdminArcades', 'AdminAudit'],
    }),
  }),
});

export const { useUpdateArcadeMutation } = updateArcadeApi;
