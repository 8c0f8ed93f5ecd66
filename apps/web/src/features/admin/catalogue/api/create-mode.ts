import { adminModeSchema, type AdminMode, type ModeCreate } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

/** POST /api/admin/applications/{applicationId}/modes (admins); 409 when offered already. */
export const createModeApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    createCatalogueMode: build.mutation<AdminMode, { applicationId: string; mode: ModeCreate }>({
      query: ({ applicationId, mode }) => ({
        url: `api/admin/applications/${encodeURIComponent(applicationId)}/modes`,
        method: 'POST',
        body: mode,
      }),
      responseSchema: adminModeSchema,
      invalidatesTags: (_r, _e, { applicationId }) => [
        'AdminAudit',
        { type: 'AdminCatalogue', id: 'applications' },
        { type: 'Games', id: applicationId },
      ],
    }),
  }),
});
export const { useCreateCatalogueModeMutation } = createModeApi;
