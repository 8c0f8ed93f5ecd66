import {
  adminNewsArticleSchema,
  type AdminNewsArticle,
  type NewsArticleInput,
} from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

/**
 * POST /api/admin/news (a new draft) and PUT /api/admin/news/{id} (the whole article, its status
 * unchanged); with `publish: true` either also publishes, in the same transaction (nothing is
 * saved when it is refused). 409 when the slug is taken, or when the news come from Contentful.
 */
export const saveNewsArticleApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    createNewsArticle: build.mutation<AdminNewsArticle, NewsArticleInput>({
      query: (body) => ({ url: 'api/admin/news', method: 'POST', body }),
      responseSchema: adminNewsArticleSchema,
      invalidatesTags: ['AdminNews', 'AdminAudit'],
    }),
    updateNewsArticle: build.mutation<AdminNewsArticle, { id: string; article: NewsArticleInput }>({
      query: ({ id, article }) => ({
        url: `api/admin/news/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: article,
      }),
      responseSchema: adminNewsArticleSchema,
      invalidatesTags: ['AdminNews', 'AdminAudit'],
    }),
  }),
});

export const { useCreateNewsArticleMutation, useUpdateNewsArticleMutation } = saveNewsArticleApi;
