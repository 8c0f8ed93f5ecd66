import { adminModeSchema, type AdminMode, type ModeCreate } from '@arcadia/contracts';
import { api } from '../../../../lib/api/base';

/** POST /api/admin/applications/{applicationId}/modes (admins); 409 when offered already. */
export const createModeApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCatalogueMode: build.mutation<AdminMode, { applicationId: string; mode: ModeCreate }>({
      query: ({ applicationId, mode }) => ({
        url: `api/admin/applications/${encodeURIComponent(applicationId)}/modes`,
        method: 'POST',
        body: mode,
      }),
      responseSchema: adminModeSchema,
      invalidatesTags: (_r, _e, { applicationId }) => [
        { type: 'Catalogue', id: 'applications' },
        { type: 'Games', id: applicationId },
      ],
    }),
  }),
});
export const { useCreateCatalogueModeMutation } = createModeApi;
