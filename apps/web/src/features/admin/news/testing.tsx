/**
 * Test support for the news section: three articles (a draft, a scheduled and a live one), the
 * whole console rendered at a news path with a fake API that keeps what is saved, and the new
 * article's German text typed in.
 */
import { screen, within } from '@testing-library/react';
import type { AdminNewsArticle, AdminNewsList, NewsEntry } from '@arcadia/contracts';
import { apiError, server } from '../../../testing/api';
import { adminHandlers } from '../../../testing/admin-api';
import { adminNewsArticle, adminNewsHandlers } from '../../../testing/admin-news-api';
import { adminArcade, operator } from '../../../testing/admin-factories';
import { renderApp } from '../../../testing/render-app';
import { signedInStore } from '../../../testing/store';
import { Component as AdminConsole } from '../AdminConsole';

export const draft = adminNewsArticle();
export const scheduled = adminNewsArticle({
  id: '4a1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  slug: 'neue-maps',
  status: 'published',
  live: false,
  publishAt: '2026-12-24T17:00:00.000Z',
  titles: { de: 'Neue Maps', en: 'New maps' },
});
export const live = adminNewsArticle({
  id: '5b1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  slug: 'offen',
  status: 'published',
  live: true,
  publishAt: '2026-11-01T10:00:00.000Z',
  titles: { de: 'Wir haben offen', en: null },
});
/** The id the fake API gives a new article. */
export const createdId = '6c1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
/** What the fake server answers an uploaded header image with. */
export const uploadedAsset = {
  id: '7d1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  fileName: 'kopf.png',
  contentType: 'image/png',
  width: 64,
  height: 36,
  size: 4,
  url: '/api/assets/7d1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b/kopf.png',
};

function entryOf(body: { locale: 'de' | 'en'; translation: { title: string; abstract: string } }) {
  const entry: NewsEntry = {
    sys: { id: 'preview', createdAt: '2026-11-26T10:00:00.000Z', locale: body.locale },
    fields: {
      slug: 'vorschau',
      title: body.translation.title,
      abstract: body.translation.abstract,
      content: {
        nodeType: 'document',
        data: {},
        content: [
          {
            nodeType: 'paragraph',
            data: {},
            content: [
              { nodeType: 'text', value: 'Gerendert', marks: [{ type: 'bold' }], data: {} },
            ],
          },
        ],
      },
    },
  };
  return entry;
}

/**
 * A save with `publish: true` as the server answers it: published from the article's date,
 * else now, and live unless that date is to come.
 */
function published(article: AdminNewsArticle, publish: boolean | undefined): AdminNewsArticle {
  if (!publish) return article;
  const publishAt = article.publishAt ?? new Date().toISOString();
  return { ...article, status: 'published', publishAt, live: Date.parse(publishAt) <= Date.now() };
}

/** The console at `path` (admin, German by default), the news routes answered by a fake API. */
export async function renderNews(
  path = '/admin/news',
  list: AdminNewsList = { source: 'database', articles: [draft, scheduled, live] },
  who = operator(),
  wait = true,
  lang: 'de' | 'en' = 'de',
) {
  /** The articles by id; `article` is the one saved last. */
  const state: { article: AdminNewsArticle; byId: Record<string, AdminNewsArticle> } = {
    article: draft,
    byId: Object.fromEntries([draft, scheduled, live].map((a) => [a.id, a])),
  };
  const keep = (article: AdminNewsArticle) => {
    state.article = article;
    state.byId[article.id] = article;
    return article;
  };
  server.use(
    adminHandlers.getOperator({ body: who }),
    adminHandlers.getAdminArcades({ body: { arcades: [adminArcade()] } }),
    adminNewsHandlers.getNewsArticles({ body: list }),
    adminNewsHandlers.getNewsArticle(({ params }) => {
      const article = state.byId[params.id!];
      return article ? { body: article } : apiError(404, 'not_found', 'Not found');
    }),
    adminNewsHandlers.createNewsArticle(({ body }) => {
      const created = adminNewsArticle({
        id: createdId,
        slug: body.slug,
        publishAt: body.publishAt ?? null,
        titles: { de: body.translations.de.title, en: body.translations.en?.title ?? null },
        translations: { de: body.translations.de, en: body.translations.en ?? null },
      });
      return { status: 201, body: keep(published(created, body.publish)) };
    }),
    adminNewsHandlers.updateNewsArticle(({ body, params }) => {
      const saved: AdminNewsArticle = {
        ...state.byId[params.id!]!,
        slug: body.slug,
        publishAt: body.publishAt ?? null,
        headerAssetId: body.headerAssetId ?? null,
        headerUrl: body.headerAssetId ? '/api/assets/x/kopf.png' : null,
        titles: { de: body.translations.de.title, en: body.translations.en?.title ?? null },
        translations: { de: body.translations.de, en: body.translations.en ?? null },
        updatedAt: new Date().toISOString(),
      };
      return { body: keep(published(saved, body.publish)) };
    }),
    adminNewsHandlers.unpublishNewsArticle(({ params }) => ({
      body: keep({ ...state.byId[params.id!]!, status: 'unpublished', live: false }),
    })),
    adminNewsHandlers.previewNews(({ body }) => ({ body: entryOf(body) })),
    adminNewsHandlers.uploadAsset({
      status: 201,
      body: uploadedAsset,
    }),
  );
  const store = await signedInStore();
  const view = await renderApp([{ path: '/admin/*', Component: AdminConsole }], {
    path,
    store,
    toaster: false,
    lang,
  });
  if (wait) await screen.findByRole('heading', { level: 2 }, { timeout: 10_000 });
  return { ...view, state };
}

/** Types the new article's German text (the form is then valid). */
export async function fillNew(user: Awaited<ReturnType<typeof renderNews>>['user']) {
  await user.type(screen.getByLabelText('Kurzname (für die Adresse)'), 'winter-cup');
  await user.type(screen.getByLabelText('Titel (Deutsch)'), 'Winter-Cup');
  await user.type(screen.getByLabelText('Kurztext (Deutsch)'), 'Kalt draußen');
}

/**
 * Veröffentlichen for an article without an English version: the editor asks first, and the
 * German-only publish is confirmed.
 */
export async function publishGermanOnly(user: Awaited<ReturnType<typeof renderNews>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
  const dialog = await screen.findByRole('dialog', {
    name: 'Ohne englische Fassung veröffentlichen?',
  });
  await user.click(within(dialog).getByRole('button', { name: 'Nur auf Deutsch veröffentlichen' }));
}
