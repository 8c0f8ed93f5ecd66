import {
  adminApplicationSchema,
  type AdminApplication,
  type ApplicationCreate,
} from '@arcadia/contracts';
import { api } from '../../../../lib/api/base';

/** POST /api/admin/applications (admins); 409 when the id exists. */
export const createApplicationApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCatalogueApplication: build.mutation<AdminApplication, ApplicationCreate>({
      query: (body) => ({ url: 'api/admin/applications', method: 'POST', body }),
      responseSchema: adminApplicationSchema,
      invalidatesTags: [{ type: 'Catalogue', id: 'applications' }],
    }),
  }),
});
export const { useCreateCatalogueApplicationMutation } = createApplicationApi;
