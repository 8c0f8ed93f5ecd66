import type { NewsLocale } from '@arcadia/contracts';
import type { Tx } from '../../db/client';

export interface PublishedNews {
  id: string;
  slug: string;
  /** The title per locale (German always present). */
  titles: Partial<Record<NewsLocale, string>> & { de: string };
}

/**
 * Called inside the transaction that publishes an article (push notifications hook in here), so
 * what they write commits or rolls back with the article.
 */
export const newsPublishedHooks: Array<(tx: Tx, article: PublishedNews) => Promise<void>> = [];
