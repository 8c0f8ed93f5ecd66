import type { NewsEntry } from '@arcadia/contracts';
import type { AppThunk } from '../../../app/store';
import { HTTP_TIMEOUT_MS } from '../../../../../../packages/contracts/src/limits';
import { newsLoadBegin, newsLoadFailed, newsLoadFinished, selectNews } from './news-slice';

/** GET /api/news?locale={lang} (public): every item, parsed with the contract once it arrives. */
export async function fetchNews(locale: string): Promise<NewsEntry[]> {
  const res = await fetch(`/api/news?locale=${encodeURIComponent(locale)}`, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`GET /api/news answered ${res.status}`);
  const body: unknown = await res.json();
  const { newsListSchema } = await import('@arcadia/contracts');
  return newsListSchema.parse(body).items;
}

/**
 * Loads the news in a language: begin, then finished with the collection or failed (which ends
 * loading too). Does nothing when they are loaded or loading in that language already, unless
 * `force` (retry).
 */
export const loadNews =
  (locale: string, { force = false } = {}): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    const current = selectNews(getState());
    if (!force && current.locale === locale && (current.loading || current.items.length > 0))
      return;
    dispatch(newsLoadBegin(locale));
    try {
      dispatch(newsLoadFinished({ locale, items: await fetchNews(locale) }));
    } catch (error) {
      dispatch(newsLoadFailed(error instanceof Error ? error.message : String(error)));
    }
  };
