import { adminApplicationsSchema, type AdminApplication } from '@arcadia/contracts';
import { api } from '../../../../lib/api/base';

/** GET /api/admin/applications (staff, admins): every game with every mode, retired ones too. */
export const getApplicationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCatalogueApplications: build.query<AdminApplication[], void>({
      query: () => 'api/admin/applications',
      rawResponseSchema: adminApplicationsSchema,
      transformResponse: (answer: { applications: AdminApplication[] }) => answer.applications,
      providesTags: [{ type: 'Catalogue', id: 'applications' }],
    }),
  }),
});
export const { useGetCatalogueApplicationsQuery } = getApplicationsApi;
