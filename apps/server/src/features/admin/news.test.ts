import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import {
  addOperators,
  checkAccessMatrix,
  type Caller,
  type Operators,
} from '../../../test/support/operators';
import { auditLog, news, pushOutbox, pushSubscriptions, users } from '../../db/schema';
import { publishNews, releaseDueNews, richTextFromMarkdown } from '../news';
import { createEventBus } from '../../events/map';

/**
 * push_outbox is left out: the push worker updates its rows in the background. The tests count
 * the announcements themselves (`pushes()`).
 */
const WRITES = ['news', 'news_translations', 'audit_log'] as const;

const article = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  translations: {
    de: {
      title: `Titel ${slug}`,
      abstract: 'Kurz gesagt',
      markdown: '## Ablauf\n\n- **Start** 18 Uhr',
    },
    en: { title: `Title ${slug}`, abstract: 'In short', markdown: 'Starts at _6 pm_.' },
  },
  ...extra,
});

describe('operator API: news', () => {
  let t: TestApp;
  let ops: Operators;
  const admin = () => ({ token: ops.admin.token });
  const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(auditLog.id)).at(-1);
  const pushes = async () =>
    (await t.db.select().from(pushOutbox)).filter((p) => p.kind === 'news');
  const create = async (slug: string, extra: Record<string, unknown> = {}) => {
    const res = await t.request('POST', '/api/admin/news', {
      ...admin(),
      body: article(slug, extra),
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; slug: string };
  };
  const publicSlugs = async (locale = 'de') =>
    (await t.request('GET', `/api/news?locale=${locale}`)).body.items.map(
      (i: { fields: { slug: string } }) => i.fields.slug,
    );

  beforeAll(async () => {
    t = await createTestApp();
    ops = await addOperators(t);
    // A subscriber, so an announcement is a row in the push outbox.
    const [reader] = await t.db
      .insert(users)
      .values({ userName: 'Leserin', language: 'de' as const })
      .returning({ id: users.id });
    await t.db.insert(pushSubscriptions).values({
      userId: reader!.id,
      endpoint: 'https://push.example/news',
      p256dh: 'k',
      auth: 'a',
    });
  });
  afterAll(() => t.close());

  it('POST /api/admin/news: admins create a draft (audited); players do not see it', async () => {
    await checkAccessMatrix(t, ops, {
      call: (caller: Caller) => ({
        method: 'POST',
        path: '/api/admin/news',
        body: article(`entwurf-${caller.toLowerCase()}`),
      }),
      // News reach every player: admins only.
      expect: { staff: 403, admin: 201 },
      tables: WRITES,
    });
    const [row] = await t.db.select().from(news).where(eq(news.slug, 'entwurf-admin'));
    expect(row).toMatchObject({ status: 'draft', publishedAt: null, notifiedAt: null });
    expect(await lastAudit()).toMatchObject({
      action: 'news.create',
      targetType: 'news',
      targetId: row!.id,
      arcadeId: null,
      actorUserId: ops.admin.id,
      after: { slug: 'entwurf-admin', status: 'draft' },
    });
    expect(await publicSlugs()).not.toContain('entwurf-admin');
    expect(await pushes()).toHaveLength(0);
  });

  it('refuses bad input with the fields and writes nothing; 409 for a taken slug', async () => {
    const before = await t.counts(...WRITES);
    const bad = await t.request('POST', '/api/admin/news', {
      ...admin(),
      body: {
        slug: 'Not A Slug',
        headerAssetId: 'nope',
        publishAt: 'tomorrow',
        translations: { de: { title: '', abstract: ' ', markdown: 'x'.repeat(50_001) } },
      },
    });
    expect(bad.status).toBe(400);
    const fields = JSON.stringify(bad.body.error.details);
    for (const f of ['slug', 'headerAssetId', 'publishAt', 'title', 'abstract', 'markdown'])
      expect(fields).toContain(f);
    const unknownImage = await t.request('POST', '/api/admin/news', {
      ...admin(),
      body: article('ohne-bild', { headerAssetId: '1b0c7a52-5d5c-4d5e-9a40-3f7d2f1f8c11' }),
    });
    expect(unknownImage.status).toBe(400);
    expect(JSON.stringify(unknownImage.body.error.details)).toContain('headerAssetId');
    const taken = await t.request('POST', '/api/admin/news', {
      ...admin(),
      body: article('entwurf-admin'),
    });
    expect(taken.status).toBe(409);
    expect(await t.counts(...WRITES)).toEqual(before);
  });

  it('GET /api/admin/news and /{id}: every article with its status, both languages as Markdown', async () => {
    const { id } = await create('lesbar');
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'GET', path: '/api/admin/news' }),
      expect: { staff: 403, admin: 200 },
      tables: [],
    });
    const list = await t.request('GET', '/api/admin/news', admin());
    expect(list.body.source).toBe('database');
    expect(list.body.articles).toContainEqual(
      expect.objectContaining({
        id,
        slug: 'lesbar',
        status: 'draft',
        live: false,
        titles: { de: 'Titel lesbar', en: 'Title lesbar' },
      }),
    );
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'GET', path: `/api/admin/news/${id}` }),
      expect: { staff: 403, admin: 200 },
      tables: [],
    });
    const one = await t.request('GET', `/api/admin/news/${id}`, admin());
    expect(one.body.translations).toEqual(article('lesbar').translations);
    expect((await t.request('GET', '/api/admin/news/not-an-id', admin())).status).toBe(400);
    expect(
      (await t.request('GET', '/api/admin/news/1b0c7a52-5d5c-4d5e-9a40-3f7d2f1f8c11', admin()))
        .status,
    ).toBe(404);
  });

  it('publish: live at once, announced once; unpublish takes it down; publishing again announces nothing', async () => {
    const { id } = await create('sofort');
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'POST', path: `/api/admin/news/${id}/publish`, body: {} }),
      expect: { staff: 403, admin: 200 },
      tables: WRITES,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'news.publish',
      targetId: id,
      before: { status: 'draft' },
      after: { status: 'published' },
    });
    expect(await publicSlugs()).toContain('sofort');
    const entry = await t.request('GET', '/api/news/sofort?locale=en');
    expect(entry.body.fields).toMatchObject({
      title: 'Title sofort',
      content: {
        content: [
          {
            nodeType: 'paragraph',
            content: [
              { value: 'Starts at ' },
              { value: '6 pm', marks: [{ type: 'italic' }] },
              { value: '.' },
            ],
          },
        ],
      },
    });
    expect((await pushes()).map((p) => JSON.stringify(p.payload))).toEqual([
      expect.stringContaining('/news/sofort'),
    ]);

    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'POST', path: `/api/admin/news/${id}/unpublish` }),
      expect: { staff: 403, admin: 200 },
      tables: WRITES,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'news.unpublish',
      after: { status: 'unpublished' },
    });
    expect(await publicSlugs()).not.toContain('sofort');
    expect((await t.request('GET', '/api/news/sofort')).status).toBe(404);

    await t.request('POST', `/api/admin/news/${id}/publish`, { ...admin(), body: {} });
    expect(await publicSlugs()).toContain('sofort');
    expect(await pushes()).toHaveLength(1);
  });

  it('publish with a date to come: public and announced only once that date has come', async () => {
    const { id } = await create('spaeter');
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const res = await t.request('POST', `/api/admin/news/${id}/publish`, {
      ...admin(),
      body: { publishAt: later },
    });
    expect(res.body).toMatchObject({ status: 'published', live: false, notifiedAt: null });
    expect(new Date(res.body.publishAt).toISOString()).toBe(later);
    expect(await publicSlugs()).not.toContain('spaeter');
    const pushed = (await pushes()).length;
    expect(await releaseDueNews(t.db, t.app.events)).toBe(0);

    // The hour passes.
    await t.db
      .update(news)
      .set({ publishedAt: new Date(Date.now() - 1000) })
      .where(eq(news.id, id));
    expect(await publicSlugs()).toContain('spaeter');
    expect(await releaseDueNews(t.db, t.app.events)).toBe(1);
    expect(await releaseDueNews(t.db, t.app.events)).toBe(0);
    expect(await pushes()).toHaveLength(pushed + 1);
    const after = await t.request('GET', `/api/admin/news/${id}`, admin());
    expect(after.body).toMatchObject({ live: true, notifiedAt: expect.any(String) });

    for (const publishAt of ['soon', '0001-01-01T00:00:00Z', '9999-12-31T00:00:00Z']) {
      const bad = await t.request('POST', `/api/admin/news/${id}/publish`, {
        ...admin(),
        body: { publishAt },
      });
      expect(bad.status, publishAt).toBe(400);
      expect(JSON.stringify(bad.body.error.details)).toContain('publishAt');
    }
  });

  it('PUT /api/admin/news/{id}: replaces the texts and the header (an uploaded asset); audited before/after', async () => {
    const { id } = await create('bearbeiten');
    const image = await sharp({
      create: { width: 320, height: 180, channels: 3, background: '#f0a' },
    })
      .png()
      .toBuffer();
    const upload = await t.request('POST', '/api/admin/assets?name=Kopfbild.png', {
      ...admin(),
      body: image,
      headers: { 'content-type': 'image/png' },
    });
    expect(upload.status).toBe(201);
    const body = article('bearbeitet', {
      headerAssetId: upload.body.id,
      translations: {
        de: { title: 'Neu', abstract: 'Neu kurz', markdown: '> Zitat\n\n1. eins\n2. zwei' },
        en: null,
      },
    });
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'PUT', path: `/api/admin/news/${id}`, body }),
      expect: { staff: 403, admin: 200 },
      tables: WRITES,
    });
    const one = await t.request('GET', `/api/admin/news/${id}`, admin());
    expect(one.body).toMatchObject({
      slug: 'bearbeitet',
      status: 'draft',
      headerAssetId: upload.body.id,
      headerUrl: upload.body.url,
      titles: { de: 'Neu', en: null },
      translations: { en: null },
    });
    expect(await lastAudit()).toMatchObject({
      action: 'news.update',
      before: { slug: 'bearbeiten' },
      after: { slug: 'bearbeitet', headerAssetId: upload.body.id },
    });
    const taken = await t.request('PUT', `/api/admin/news/${id}`, {
      ...admin(),
      body: article('sofort'),
    });
    expect(taken.status).toBe(409);
  });

  it('gives an article stored without its Markdown source Markdown written from its document', async () => {
    const source = '## Alt\n\nEin **alter** Artikel mit [Link](/play).\n\n- eins\n- zwei';
    const old = await publishNews(t.db, createEventBus(), {
      slug: 'alter-artikel',
      translations: {
        de: { title: 'Alt', abstract: 'Von früher', content: richTextFromMarkdown(source) },
      },
    });
    const res = await t.request('GET', `/api/admin/news/${old.id}`, admin());
    expect(res.body).toMatchObject({ status: 'published', live: true, translations: { en: null } });
    expect(richTextFromMarkdown(res.body.translations.de.markdown)).toEqual(
      richTextFromMarkdown(source),
    );
  });

  it('POST /api/admin/news/preview: the unsaved text as players will get it, nothing stored', async () => {
    const body = {
      locale: 'de',
      slug: 'vorschau',
      translation: {
        title: 'Vorschau',
        abstract: 'So sieht es aus',
        markdown: '**fett** und [Link](/play)',
      },
    };
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'POST', path: '/api/admin/news/preview', body }),
      expect: { staff: 403, admin: 200 },
      tables: WRITES,
    });
    const res = await t.request('POST', '/api/admin/news/preview', { ...admin(), body });
    expect(res.body).toMatchObject({
      sys: { locale: 'de' },
      fields: {
        slug: 'vorschau',
        title: 'Vorschau',
        abstract: 'So sieht es aus',
        content: {
          nodeType: 'document',
          content: [
            {
              nodeType: 'paragraph',
              content: [
                { value: 'fett', marks: [{ type: 'bold' }] },
                { value: ' und ' },
                { nodeType: 'hyperlink', data: { uri: '/play' } },
              ],
            },
          ],
        },
      },
    });
  });

  it('DELETE /api/admin/news/{id}: admins; audited with what was deleted', async () => {
    const { id } = await create('weg');
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'DELETE', path: `/api/admin/news/${id}` }),
      expect: { staff: 403, admin: 204 },
      tables: WRITES,
    });
    expect(await t.db.select().from(news).where(eq(news.id, id))).toEqual([]);
    expect(await lastAudit()).toMatchObject({
      action: 'news.delete',
      targetId: id,
      before: { slug: 'weg' },
      after: null,
    });
    expect((await t.request('DELETE', `/api/admin/news/${id}`, admin())).status).toBe(404);
  });
});
