import {
  adminApplicationSchema,
  type AdminApplication,
  type ApplicationCreate,
} from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

/** POST /api/admin/applications (admins); 409 when the id exists. */
export const createApplicationApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    createCatalogueApplication: build.mutation<AdminApplication, ApplicationCreate>({
      query: (body) => ({ url: 'api/admin/applications', method: 'POST', body }),
      responseSchema: adminApplicationSchema,
      invalidatesTags: [{ type: 'AdminCatalogue', id: 'applications' }, 'AdminAudit'],
    }),
  }),
});
export const { useCreateCatalogueApplicationMutation } = createApplicationApi;
