import { adminArcadeSchema, type AdminArcade, type ArcadeCreate } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

/** POST /api/admin/arcades (admins): a new arcade; 409 when the id exists. */
export const createArcadeApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    createArcade: build.mutation<AdminArcade, ArcadeCreate>({
      query: (body) => ({ url: 'api/admin/arcades', method: 'POST', body }),
      responseSchema: adminArcadeSchema,
      invalidatesTags: ['AdminArcades', 'AdminAudit'],
    }),
  }),
});

export const { useCreateArcadeMutation } = createArcadeApi;
