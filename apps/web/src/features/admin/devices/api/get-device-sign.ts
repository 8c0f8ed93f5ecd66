import { adminApi } from '../../shell/admin-api';
import type { DeviceRef } from './device-actions';

export type SignFormat = 'pdf' | 'png';

/**
 * GET /api/admin/arcades/{arcadeId}/devices/{deviceId}/sign?format=pdf|png: the device's printable
 * QR sign, fetched with the operator's bearer token like every call. The file becomes an object
 * URL (a string, so the cache stays serializable); the caller opens or downloads it and revokes it.
 * A failure keeps the server's error body.
 */
export const getDeviceSignApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getDeviceSign: build.mutation<string, DeviceRef & { format: SignFormat }>({
      query: ({ arcadeId, deviceId, format }) => ({
        url: `api/admin/arcades/${encodeURIComponent(arcadeId)}/devices/${encodeURIComponent(deviceId)}/sign`,
        params: { format },
        responseHandler: async (response) => {
          if (response.ok) return URL.createObjectURL(await response.blob());
          const type = response.headers.get('content-type') ?? '';
          return type.includes('json') ? ((await response.json()) as unknown) : response.text();
        },
      }),
    }),
  }),
});

export const { useGetDeviceSignMutation } = getDeviceSignApi;
