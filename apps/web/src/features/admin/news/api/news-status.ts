import { adminNewsArticleSchema, type AdminNewsArticle } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

const path = (id: string) => `api/admin/news/${encodeURIComponent(id)}`;

/**
 * An article's life: publish (now, or from `publishAt`), unpublish, delete. Each answers the
 * article (delete: nothing) and refreshes the list and the audit log.
 */
export const newsStatusApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    publishNewsArticle: build.mutation<AdminNewsArticle, { id: string; publishAt?: string }>({
      query: ({ id, publishAt }) => ({
        url: `${path(id)}/publish`,
        method: 'POST',
        body: publishAt ? { publishAt } : {},
      }),
      responseSchema: adminNewsArticleSchema,
      invalidatesTags: ['AdminNews', 'AdminAudit'],
    }),
    unpublishNewsArticle: build.mutation<AdminNewsArticle, string>({
      query: (id) => ({ url: `${path(id)}/unpublish`, method: 'POST' }),
      responseSchema: adminNewsArticleSchema,
      invalidatesTags: ['AdminNews', 'AdminAudit'],
    }),
    deleteNewsArticle: build.mutation<null, string>({
      query: (id) => ({ url: path(id), method: 'DELETE' }),
      invalidatesTags: ['AdminNews', 'AdminAudit'],
    }),
  }),
});

export const {
  usePublishNewsArticleMutation,
  useUnpublishNewsArticleMutation,
  useDeleteNewsArticleMutation,
} = newsStatusApi;
