import {
  adminApplicationSchema,
  type AdminApplication,
  type ApplicationUpdate,
} from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

/** PATCH /api/admin/applications/{applicationId} (admins). */
export const updateApplicationApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    updateCatalogueApplication: build.mutation<
      AdminApplication,
      { id: string; changes: ApplicationUpdate }
    >({
      query: ({ id, changes }) => ({
        url: `api/admin/applications/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: changes,
      }),
      responseSchema: adminApplicationSchema,
      invalidatesTags: (_r, _e, { id }) => [
        'AdminAudit',
        { type: 'AdminCatalogue', id: 'applications' },
        { type: 'Games', id },
      ],
    }),
  }),
});
export const { useUpdateCatalogueApplicationMutation } = updateApplicationApi;
