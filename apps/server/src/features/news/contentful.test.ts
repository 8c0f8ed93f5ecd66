import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import {
  CONTENTFUL_SPACE,
  CONTENTFUL_TOKEN,
  startContentfulServer,
  type ContentfulServer,
} from '../../../test/support/contentful-server';
import { addOperators, type Operators } from '../../../test/support/operators';

/** A server configured with CONTENTFUL_*: the news come from the delivery API, not the database. */
describe('news from Contentful, through the API', () => {
  let cf: ContentfulServer;
  let t: TestApp;
  let ops: Operators;

  beforeAll(async () => {
    cf = await startContentfulServer();
    t = await createTestApp({
      env: {
        CONTENTFUL_SPACE_ID: CONTENTFUL_SPACE,
        CONTENTFUL_ACCESS_TOKEN: CONTENTFUL_TOKEN,
        CONTENTFUL_HOST: cf.url,
      },
    });
    ops = await addOperators(t);
  });
  afterAll(async () => {
    await t.close();
    await cf.close();
  });

  it('GET /api/news and /api/news/{slug} answer from Contentful, cached', async () => {
    const list = await t.request('GET', '/api/news?locale=en');
    expect(list.status).toBe(200);
    expect(list.body.items.map((i: { fields: { title: string } }) => i.fields.title)).toEqual([
      'Autumn tournament',
      'New maps',
    ]);
    expect(cf.requests.map((r) => r.path)).toEqual([
      `/spaces/${CONTENTFUL_SPACE}/environments/master/entries`,
    ]);
    await t.request('GET', '/api/news?locale=en');
    expect(cf.requests).toHaveLength(1);

    const entry = await t.request('GET', '/api/news/herbst-turnier');
    expect(entry.status).toBe(200);
    expect(entry.body.fields.header.fields.file.url).toMatch(/^https:\/\/images\.ctfassets\.net\//);
    expect((await t.request('GET', '/api/news/gibt-es-nicht')).status).toBe(404);
  });

  it('lets the browser load header images from the Contentful image API (CSP img-src)', async () => {
    const res = await t.request('GET', '/api/news');
    const csp = res.headers.get('content-security-policy') ?? '';
    const imgSrc = csp.split(';').find((d) => d.trim().startsWith('img-src'));
    expect(imgSrc).toContain('https://images.ctfassets.net');
  });

  it('the console lists no articles and refuses every write with 409 news_in_contentful', async () => {
    const admin = { token: ops.admin.token };
    const list = await t.request('GET', '/api/admin/news', admin);
    expect(list.body).toEqual({ source: 'contentful', articles: [] });
    const id = '1b0c7a52-5d5c-4d5e-9a40-3f7d2f1f8c11';
    const body = {
      slug: 'x',
      translations: { de: { title: 'T', abstract: 'A', markdown: '' } },
    };
    const before = await t.counts('news', 'news_translations', 'audit_log');
    for (const [method, path, payload] of [
      ['POST', '/api/admin/news', body],
      ['PUT', `/api/admin/news/${id}`, body],
      ['POST', `/api/admin/news/${id}/publish`, {}],
      ['POST', `/api/admin/news/${id}/unpublish`, undefined],
      ['DELETE', `/api/admin/news/${id}`, undefined],
    ] as const) {
      const res = await t.request(method, path, { ...admin, body: payload });
      expect(res.status, `${method} ${path}`).toBe(409);
      expect(res.body.error.code).toBe('news_in_contentful');
    }
    expect(await t.counts('news', 'news_translations', 'audit_log')).toEqual(before);
    // Staff are still refused first: the guard runs before anything else.
    expect(
      (await t.request('POST', '/api/admin/news', { token: ops.staff.token, body })).status,
    ).toBe(403);
  });
});
