import { adminAssetSchema, type AdminAsset } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

/** POST /api/admin/assets?name=…: the image's bytes as the body, its type as Content-Type. */
export const uploadAssetApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    uploadAsset: build.mutation<AdminAsset, File>({
      query: (file) => ({
        url: 'api/admin/assets',
        method: 'POST',
        params: { name: file.name },
        headers: { 'content-type': file.type || 'application/octet-stream' },
        body: file,
      }),
      responseSchema: adminAssetSchema,
      invalidatesTags: ['AdminAudit'],
    }),
  }),
});

export const { useUploadAssetMutation } = uploadAssetApi;
