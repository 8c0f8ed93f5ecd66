import { adminMapSchema, type AdminMap, type MapCreate } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

/** POST /api/admin/maps (admins); 409 when the id exists. */
export const createMapApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    createCatalogueMap: build.mutation<AdminMap, MapCreate>({
      query: (body) => ({ url: 'api/admin/maps', method: 'POST', body }),
      responseSchema: adminMapSchema,
      invalidatesTags: (_r, _e, { applicationId }) => [
        'AdminAudit',
        { type: 'AdminCatalogue', id: 'maps' },
        { type: 'Games', id: applicationId },
      ],
    }),
  }),
});
export const { useCreateCatalogueMapMutation } = createMapApi;
