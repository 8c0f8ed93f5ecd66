import { adminNewsArticleSchema, type AdminNewsArticle } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

/** GET /api/admin/news/{id} (admins): one article with both languages as Markdown. */
export const getNewsArticleApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getNewsArticle: build.query<AdminNewsArticle, string>({
      query: (id) => `api/admin/news/${encodeURIComponent(id)}`,
      responseSchema: adminNewsArticleSchema,
      providesTags: (_result, _error, id) => [{ type: 'AdminNews', id }],
    }),
  }),
});

export const { useGetNewsArticleQuery } = getNewsArticleApi;
