import { newsPreviewSchema, type NewsEntry, type NewsPreviewInput } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

/**
 * POST /api/admin/news/preview: the editor's unsaved text as players will get it (the server's
 * own Markdown parser and presenter); nothing is stored.
 */
export const previewNewsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    previewNews: build.mutation<NewsEntry, NewsPreviewInput>({
      query: (body) => ({ url: 'api/admin/news/preview', method: 'POST', body }),
      responseSchema: newsPreviewSchema,
    }),
  }),
});

export const { usePreviewNewsMutation } = previewNewsApi;
