import type { NewsLocale } from '@arcadia/contracts';
import type { AppThunk } from '../../../lib/store/store';
import { newsLoadBegin, newsLoadFailed, newsLoadFinished, selectNews } from './news-slice';

/**
 * Loads the news in a language: begin, then finished with the collection or failed (which ends
 * loading too). Does nothing when they are loaded or loading in that language already, unless
 * `force` (retry). The call's module (and with it the API client) loads on first use.
 */
export const loadNews =
  (locale: NewsLocale, { force = false } = {}): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    const current = selectNews(getState());
    if (!force && current.locale === locale && (current.loading || current.items.length > 0))
      return;
    dispatch(newsLoadBegin(locale));
    try {
      const { getNewsApi } = await import('../api/get-news');
      const result = await dispatch(
        getNewsApi.endpoints.getNews.initiate(locale, { subscribe: false, forceRefetch: true }),
      );
      if (result.data) dispatch(newsLoadFinished({ locale, items: result.data }));
      else dispatch(newsLoadFailed(result.error?.message ?? 'Request failed'));
    } catch (error) {
      dispatch(newsLoadFailed(error instanceof Error ? error.message : String(error)));
    }
  };
