import type { NewsEntry, NewsList, NewsLocale } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';
import { lazySchema } from '../../../lib/api/lazy-schema';

/**
 * GET /api/news?locale={lang} (public): every item, parsed with the contract once it arrives.
 * The news slice (spec §3 news state) is where the app reads the collection: the call runs
 * without a cache subscription, so nothing here holds its answer.
 */
export const getNewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNews: build.query<NewsEntry[], NewsLocale>({
      query: (locale) => ({ url: 'api/news', params: { locale } }),
      rawResponseSchema: lazySchema((c) => c.newsListSchema),
      transformResponse: (list: NewsList) => list.items,
      providesTags: ['News'],
    }),
  }),
});
