import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { addOperators, checkAccessMatrix, type Operators } from '../../../test/support/operators';
import { auditLog, news, pushOutbox, pushSubscriptions, users } from '../../db/schema';

/**
 * `publish: true` on POST /api/admin/news and PUT /api/admin/news/{id}: the editor's "publish"
 * saves and publishes in one transaction (docs/operator-console.md). push_outbox is left out of
 * the compared tables: the push worker updates its rows in the background (`pushes()` counts).
 */
const WRITES = ['news', 'news_translations', 'audit_log'] as const;

const article = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  translations: {
    de: { title: `Titel ${slug}`, abstract: 'Kurz gesagt', markdown: '**Start** 18 Uhr' },
  },
  ...extra,
});

describe('operator API: news saved and published in one step', () => {
  let t: TestApp;
  let ops: Operators;
  const admin = () => ({ token: ops.admin.token });
  const audits = async (id: string) =>
    (await t.db.select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(auditLog.id)).map(
      (a) => ({ action: a.action, before: a.before, after: a.after, actor: a.actorUserId }),
    );
  const pushes = async () =>
    (await t.db.select().from(pushOutbox)).filter((p) => p.kind === 'news');
  const publicSlugs = async () =>
    (await t.request('GET', '/api/news?locale=de')).body.items.map(
      (i: { fields: { slug: string } }) => i.fields.slug,
    );
  const rowOf = async (slug: string) =>
    (await t.db.select().from(news).where(eq(news.slug, slug)))[0];

  beforeAll(async () => {
    t = await createTestApp();
    ops = await addOperators(t);
    // A subscriber, so an announcement is a row in the push outbox.
    const [reader] = await t.db
      .insert(users)
      .values({ userName: 'Leser', language: 'de' as const })
      .returning({ id: users.id });
    await t.db.insert(pushSubscriptions).values({
      userId: reader!.id,
      endpoint: 'https://push.example/news-on-save',
      p256dh: 'k',
      auth: 'a',
    });
  });
  afterAll(() => t.close());

  it('POST with publish: admins only; live at once, announced once, logged as create and publish', async () => {
    await checkAccessMatrix(t, ops, {
      call: (caller) => ({
        method: 'POST',
        path: '/api/admin/news',
        body: article(`gleich-${caller.toLowerCase()}`, { publish: true }),
      }),
      expect: { staff: 403, admin: 201 },
      tables: WRITES,
    });
    const row = await rowOf('gleich-admin');
    expect(row).toMatchObject({ status: 'published', notifiedAt: expect.any(Date) });
    expect(await publicSlugs()).toContain('gleich-admin');
    expect((await pushes()).map((p) => JSON.stringify(p.payload))).toEqual([
      expect.stringContaining('/news/gleich-admin'),
    ]);
    expect(await audits(row!.id)).toEqual([
      {
        action: 'news.create',
        before: null,
        after: expect.objectContaining({ slug: 'gleich-admin', status: 'draft' }),
        actor: ops.admin.id,
      },
      {
        action: 'news.publish',
        before: expect.objectContaining({ status: 'draft' }),
        after: expect.objectContaining({ status: 'published' }),
        actor: ops.admin.id,
      },
    ]);
  });

  it('POST answers the published article; with a date to come it is scheduled, not announced yet', async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const pushed = (await pushes()).length;
    const res = await t.request('POST', '/api/admin/news', {
      ...admin(),
      body: article('spaeter-gleich', { publishAt: later, publish: true }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      slug: 'spaeter-gleich',
      status: 'published',
      live: false,
      notifiedAt: null,
    });
    expect(new Date(res.body.publishAt).toISOString()).toBe(later);
    expect(await publicSlugs()).not.toContain('spaeter-gleich');
    expect(await pushes()).toHaveLength(pushed);

    // Without `publish` (or with false) a new article stays a draft, as before.
    for (const [slug, extra] of [
      ['ohne-flag', {}],
      ['flag-aus', { publish: false }],
    ] as const) {
      const draft = await t.request('POST', '/api/admin/news', {
        ...admin(),
        body: article(slug, extra),
      });
      expect(draft.body).toMatchObject({ status: 'draft', live: false });
      expect((await audits(draft.body.id)).map((a) => a.action)).toEqual(['news.create']);
    }
  });

  it('a refused POST with publish leaves nothing behind: bad input, a taken slug, an unknown image', async () => {
    const before = await t.counts(...WRITES);
    const pushed = (await pushes()).length;
    const refusals = [
      [article('Kein Slug', { publish: true }), 400],
      [article('gleich-admin', { publish: true }), 409],
      [
        article('ohne-bild', {
          headerAssetId: '1b0c7a52-5d5c-4d5e-9a40-3f7d2f1f8c11',
          publish: true,
        }),
        400,
      ],
      [article('kein-boolean', { publish: 'yes' }), 400],
    ] as const;
    for (const [body, status] of refusals) {
      const res = await t.request('POST', '/api/admin/news', { ...admin(), body });
      expect(res.status, body.slug).toBe(status);
    }
    expect(await t.counts(...WRITES)).toEqual(before);
    expect(await pushes()).toHaveLength(pushed);
  });

  it('when the publish part fails the save is rolled back too: no draft is left half-done', async () => {
    const before = await t.counts(...WRITES);
    const off = t.app.events.on('news.published', () => {
      throw new Error('the push outbox is broken');
    });
    try {
      const res = await t.request('POST', '/api/admin/news', {
        ...admin(),
        body: article('halb-fertig', { publish: true }),
      });
      expect(res.status).toBe(500);
    } finally {
      off();
    }
    expect(await rowOf('halb-fertig')).toBeUndefined();
    expect(await t.counts(...WRITES)).toEqual(before);
  });

  it('PUT with publish: admins only; the draft is saved and published, logged as update and publish', async () => {
    const { body: draft } = await t.request('POST', '/api/admin/news', {
      ...admin(),
      body: article('entwurf-dann-live'),
    });
    const body = article('entwurf-dann-live', {
      translations: { de: { title: 'Jetzt live', abstract: 'Neu', markdown: '' } },
      publish: true,
    });
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'PUT', path: `/api/admin/news/${draft.id}`, body }),
      expect: { staff: 403, admin: 200 },
      tables: WRITES,
    });
    const res = await t.request('GET', `/api/admin/news/${draft.id}`, admin());
    expect(res.body).toMatchObject({
      status: 'published',
      live: true,
      titles: { de: 'Jetzt live' },
      notifiedAt: expect.any(String),
    });
    expect(await audits(draft.id)).toMatchObject([
      { action: 'news.create', after: { status: 'draft' } },
      {
        action: 'news.update',
        after: { status: 'draft', translations: { de: { title: 'Jetzt live' } } },
      },
      { action: 'news.publish', before: { status: 'draft' }, after: { status: 'published' } },
    ]);
    expect(await publicSlugs()).toContain('entwurf-dann-live');

    // A refused PUT with publish changes nothing: the article keeps its text and status.
    const { body: other } = await t.request('POST', '/api/admin/news', {
      ...admin(),
      body: article('noch-entwurf'),
    });
    const counts = await t.counts(...WRITES);
    const taken = await t.request('PUT', `/api/admin/news/${other.id}`, {
      ...admin(),
      body: article('entwurf-dann-live', { publish: true }),
    });
    expect(taken.status).toBe(409);
    expect(await t.counts(...WRITES)).toEqual(counts);
    expect(await rowOf('noch-entwurf')).toMatchObject({ status: 'draft' });
  });

  it('PUT without publish keeps the status: a taken-down article stays down', async () => {
    const { body: created } = await t.request('POST', '/api/admin/news', {
      ...admin(),
      body: article('zurueck', { publish: true }),
    });
    await t.request('POST', `/api/admin/news/${created.id}/unpublish`, admin());
    const saved = await t.request('PUT', `/api/admin/news/${created.id}`, {
      ...admin(),
      body: article('zurueck'),
    });
    expect(saved.body).toMatchObject({ status: 'unpublished', live: false });
    const again = await t.request('PUT', `/api/admin/news/${created.id}`, {
      ...admin(),
      body: article('zurueck', { publish: true }),
    });
    expect(again.body).toMatchObject({ status: 'published', live: true });
  });

  it('PUT with publish on a published article: saved once, no second publish in the log', async () => {
    const { body: created } = await t.request('POST', '/api/admin/news', {
      ...admin(),
      body: article('schon-live', { publish: true }),
    });
    const announced = (await pushes()).length;
    const saved = await t.request('PUT', `/api/admin/news/${created.id}`, {
      ...admin(),
      body: article('schon-live', {
        publish: true,
        translations: { de: { title: 'Neuer Titel', abstract: 'Kurz', markdown: 'Text' } },
      }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: 'published', live: true });
    expect((await audits(created.id)).map((a) => a.action)).toEqual([
      'news.create',
      'news.publish',
      'news.update',
    ]);
    expect((await pushes()).length).toBe(announced);
  });
});
