import { adminNewsListSchema, type AdminNewsList } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

/** GET /api/admin/news (admins): every article with its status, or `source: contentful`. */
export const getNewsArticlesApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getNewsArticles: build.query<AdminNewsList, void>({
      query: () => 'api/admin/news',
      responseSchema: adminNewsListSchema,
      providesTags: ['AdminNews'],
    }),
  }),
});

export const { useGetNewsArticlesQuery } = getNewsArticlesApi;
