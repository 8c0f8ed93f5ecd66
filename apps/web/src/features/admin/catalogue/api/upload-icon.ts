import { adminAssetSchema, type AdminAsset } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

/**
 * POST /api/admin/assets?name=… with the image's bytes (Content-Type image/*, at most
 * ASSET_UPLOAD_MAX_BYTES): answers the stored asset, whose `url` is the icon path to save.
 */
export const uploadIconApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    uploadCatalogueIcon: build.mutation<AdminAsset, File>({
      query: (file) => ({
        url: `api/admin/assets?name=${encodeURIComponent(file.name)}`,
        method: 'POST',
        body: file,
        headers: { 'content-type': file.type },
      }),
      responseSchema: adminAssetSchema,
      invalidatesTags: ['AdminAudit'],
    }),
  }),
});
export const { useUploadCatalogueIconMutation } = uploadIconApi;
