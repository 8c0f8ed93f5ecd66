import { adminDevicesSchema, type AdminDevice } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

/** GET /api/admin/arcades/{arcadeId}/devices: online, last heartbeat, who is on each. */
export const getDevicesApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getDevices: build.query<{ devices: AdminDevice[] }, string>({
      query: (arcadeId) => `api/admin/arcades/${encodeURIComponent(arcadeId)}/devices`,
      responseSchema: adminDevicesSchema,
      providesTags: (_result, _error, arcadeId) => [{ type: 'AdminDevices', id: arcadeId }],
    }),
  }),
});

export const { useGetDevicesQuery } = getDevicesApi;
