import { adminApplicationsSchema, type AdminApplication } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

/** GET /api/admin/applications (staff, admins): every game with every mode, retired ones too. */
export const getApplicationsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getCatalogueApplications: build.query<AdminApplication[], void>({
      query: () => 'api/admin/applications',
      rawResponseSchema: adminApplicationsSchema,
      transformResponse: (answer: { applications: AdminApplication[] }) => answer.applications,
      providesTags: [{ type: 'AdminCatalogue', id: 'applications' }],
    }),
  }),
});
export const { useGetCatalogueApplicationsQuery } = getApplicationsApi;
