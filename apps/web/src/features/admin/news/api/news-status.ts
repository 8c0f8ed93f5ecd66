import { adminNewsArticleSchema, type AdminNewsArticle } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';
import { holdAnswer } from './get-news-article';

const path = (id: string) => `api/admin/news/${encodeURIComponent(id)}`;

/**
 * An article's life besides its saves: unpublish, delete. Each answers the article (delete:
 * nothing) and refreshes the list and the audit log. Publishing is a save with `publish: true`
 * (save-news-article.ts); POST /api/admin/news/{id}/publish is not used by the console.
 */
export const newsStatusApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    unpublishNewsArticle: build.mutation<AdminNewsArticle, string>({
      query: (id) => ({ url: `${path(id)}/unpublish`, method: 'POST' }),
      responseSchema: adminNewsArticleSchema,
      invalidatesTags: ['AdminNews', 'AdminAudit'],
      onQueryStarted: (_id, { dispatch, queryFulfilled }) => holdAnswer(dispatch, queryFulfilled),
    }),
    deleteNewsArticle: build.mutation<null, string>({
      query: (id) => ({ url: path(id), method: 'DELETE' }),
      invalidatesTags: ['AdminNews', 'AdminAudit'],
    }),
  }),
});

export const { useUnpublishNewsArticleMutation, useDeleteNewsArticleMutation } = newsStatusApi;
