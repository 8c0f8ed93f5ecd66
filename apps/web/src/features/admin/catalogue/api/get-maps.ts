import { adminMapsSchema, type AdminMap } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

/** GET /api/admin/maps (staff, admins): every map of every game, retired ones too. */
export const getMapsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getCatalogueMaps: build.query<AdminMap[], void>({
      query: () => 'api/admin/maps',
      rawResponseSchema: adminMapsSchema,
      transformResponse: (answer: { maps: AdminMap[] }) => answer.maps,
      providesTags: [{ type: 'AdminCatalogue', id: 'maps' }],
    }),
  }),
});
export const { useGetCatalogueMapsQuery } = getMapsApi;
