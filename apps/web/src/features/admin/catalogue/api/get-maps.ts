import { adminMapsSchema, type AdminMap } from '@arcadia/contracts';
import { api } from '../../../../lib/api/base';

/** GET /api/admin/maps (staff, admins): every map of every game, retired ones too. */
export const getMapsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCatalogueMaps: build.query<AdminMap[], void>({
      query: () => 'api/admin/maps',
      rawResponseSchema: adminMapsSchema,
      transformResponse: (answer: { maps: AdminMap[] }) => answer.maps,
      providesTags: [{ type: 'Catalogue', id: 'maps' }],
    }),
  }),
});
export const { useGetCatalogueMapsQuery } = getMapsApi;
