/**
 * Test support: the console's news routes (/api/admin/news…, /api/admin/assets) in the fake API,
 * typed with the contracts, built like `adminHandlers` (./admin-api.ts).
 */
import type {
  AdminAsset,
  AdminNewsArticle,
  AdminNewsList,
  NewsArticleInput,
  NewsEntry,
  NewsPreviewInput,
} from '@arcadia/contracts';
import { route } from './api';

const article = '/api/admin/news/:id';

export const adminNewsHandlers = {
  getNewsArticles: route<AdminNewsList>('get', '/api/admin/news'),
  getNewsArticle: route<AdminNewsArticle>('get', article),
  createNewsArticle: route<AdminNewsArticle, NewsArticleInput>('post', '/api/admin/news'),
  updateNewsArticle: route<AdminNewsArticle, NewsArticleInput>('put', article),
  unpublishNewsArticle: route<AdminNewsArticle>('post', `${article}/unpublish`),
  deleteNewsArticle: route<null>('delete', article),
  previewNews: route<NewsEntry, NewsPreviewInput>('post', '/api/admin/news/preview'),
  /** The upload's body is the image's bytes (recorded as text, not JSON). */
  uploadAsset: route<AdminAsset, string>('post', '/api/admin/assets'),
};

/** An article as GET /api/admin/news/{id} answers it. */
export function adminNewsArticle(overrides: Partial<AdminNewsArticle> = {}): AdminNewsArticle {
  return {
    id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
    slug: 'herbst-turnier',
    status: 'draft',
    publishAt: null,
    live: false,
    notifiedAt: null,
    updatedAt: '2026-11-26T10:00:00.000Z',
    titles: { de: 'Herbst-Turnier', en: null },
    headerUrl: null,
    headerAssetId: null,
    translations: {
      de: {
        title: 'Herbst-Turnier',
        abstract: 'Zwei Abende',
        markdown: '## Ablauf\n\n**Start** 18 Uhr',
      },
      en: null,
    },
    ...overrides,
  };
}
