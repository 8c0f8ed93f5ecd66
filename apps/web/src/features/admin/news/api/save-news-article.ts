import {
  adminNewsArticleSchema,
  type AdminNewsArticle,
  type NewsArticleInput,
} from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';
import { holdAnswer } from './get-news-article';

/**
 * POST /api/admin/news (a new draft) and PUT /api/admin/news/{id} (the whole article, its status
 * unchanged); with `publish: true` either also publishes, in the same transaction (nothing is
 * saved when it is refused). 409 when the slug is taken, or when the news come from Contentful.
 * A PUT's answer is the editor's article at once (holdAnswer, get-news-article.ts): its badge
 * and buttons never show the state from before the save while the refetch is on its way.
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
      onQueryStarted: (_args, { dispatch, queryFulfilled }) => holdAnswer(dispatch, queryFulfilled),
    }),
  }),
});

export const { useCreateNewsArticleMutation, useUpdateNewsArticleMutation } = saveNewsArticleApi;
