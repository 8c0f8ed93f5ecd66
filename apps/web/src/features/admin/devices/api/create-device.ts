import { deviceWithKeySchema, type AdminDevice, type DeviceCreate } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

/** POST /api/admin/arcades/{arcadeId}/devices: 201 `{ device, key }`, the key this once. */
export const createDeviceApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    createDevice: build.mutation<
      { device: AdminDevice; key: string },
      { arcadeId: string; device: DeviceCreate }
    >({
      query: ({ arcadeId, device }) => ({
        url: `api/admin/arcades/${encodeURIComponent(arcadeId)}/devices`,
        method: 'POST',
        body: device,
      }),
      responseSchema: deviceWithKeySchema,
      invalidatesTags: (_r, _e, { arcadeId }) => [
        { type: 'AdminDevices', id: arcadeId },
        'AdminAudit',
      ],
    }),
  }),
});

export const { useCreateDeviceMutation } = createDeviceApi;
