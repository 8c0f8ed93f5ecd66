import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsImageUrl } from '@arcadia/contracts';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { assets } from '../../db/schema';
import { DEMO_NEWS, seedNews } from '../../seed/news';
import { richTextFromMarkdown } from './markdown';
import { IMAGE_VARIANTS_PER_CLIENT } from './routes';
import { publishNews } from './service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('news (built-in content service)', () => {
  let t: TestApp;
  let dataDir: string;
  const cacheDir = () => path.join(dataDir, 'cache', 'images');
  const cached = async () => (await fs.readdir(cacheDir()).catch(() => [])).sort();

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'arcadia-news-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    await seedNews({ db: t.db, config: t.config, log: t.app.log });
    // An article written in German only: English readers get the German text.
    await publishNews(t.db, t.app.events, {
      slug: 'nur-auf-deutsch',
      translations: {
        de: {
          title: 'Nur auf Deutsch',
          abstract: 'Diesen Artikel gibt es nicht auf Englisch.',
          content: richTextFromMarkdown('Hallo **Welt**'),
        },
      },
      publishedAt: new Date(Date.now() - 30 * 86_400_000),
    });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('lists every article newest first in the CMS entries shape, German by default', async () => {
    const res = await t.request('GET', '/api/news');
    expect(res.status).toBe(200);
    const { items } = res.body;
    expect(res.body.total).toBe(DEMO_NEWS.length + 1);
    expect(items.map((i: any) => i.fields.slug)).toEqual([
      ...[...DEMO_NEWS].sort((a, b) => a.daysAgo - b.daysAgo).map((a) => a.slug),
      'nur-auf-deutsch',
    ]);
    const dates = items.map((i: any) => Date.parse(i.sys.createdAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);

    const first = items[0];
    const demo = DEMO_NEWS.find((a) => a.slug === first.fields.slug)!;
    expect(first.sys).toEqual({
      id: expect.stringMatching(UUID),
      createdAt: expect.any(String),
      locale: 'de',
    });
    expect(first.fields).toMatchObject({ title: demo.de.title, abstract: demo.de.abstract });
    expect(first.fields.header).toEqual({
      sys: { id: expect.stringMatching(UUID) },
      fields: {
        title: demo.de.title,
        file: {
          url: `/api/assets/${first.fields.header.sys.id}/${demo.slug}.jpg`,
          fileName: `${demo.slug}.jpg`,
          contentType: 'image/jpeg',
          details: { size: expect.any(Number), image: { width: 1600, height: 900 } },
        },
      },
    });
    // The German-only article has no header image: the field is simply absent.
    expect(items.at(-1).fields.header).toBeUndefined();
  });

  it('serves rich text with headings, lists, bold text and links', async () => {
    const res = await t.request('GET', '/api/news/die-arcadia-app-ist-da');
    expect(res.status).toBe(200);
    const doc = res.body.fields.content;
    expect(doc.nodeType).toBe('document');
    const types = doc.content.map((b: any) => b.nodeType);
    expect(types).toEqual(
      expect.arrayContaining(['paragraph', 'heading-2', 'unordered-list', 'ordered-list']),
    );
    expect(doc.content[0]).toEqual({
      nodeType: 'paragraph',
      data: {},
      content: [
        { nodeType: 'text', value: 'Ab heute gibt es ', marks: [], data: {} },
        { nodeType: 'text', value: 'Arcadia', marks: [{ type: 'bold' }], data: {} },
        {
          nodeType: 'text',
          value: ' als App für dein Smartphone und im Browser.',
          marks: [],
          data: {},
        },
      ],
    });
    const list = doc.content.find((b: any) => b.nodeType === 'unordered-list');
    expect(list.content[3]).toEqual({
      nodeType: 'list-item',
      data: {},
      content: [
        {
          nodeType: 'paragraph',
          data: {},
          content: [
            { nodeType: 'text', value: 'Die ', marks: [], data: {} },
            {
              nodeType: 'hyperlink',
              data: { uri: '/leaderboard' },
              content: [{ nodeType: 'text', value: 'Rangliste', marks: [], data: {} }],
            },
            { nodeType: 'text', value: ' für alle Spieler', marks: [], data: {} },
          ],
        },
      ],
    });
  });

  it('answers in English when asked, and falls back to German when a translation is missing', async () => {
    const en = await t.request('GET', '/api/news?locale=en');
    expect(en.status).toBe(200);
    const bySlug = new Map(en.body.items.map((i: any) => [i.fields.slug, i]));
    for (const demo of DEMO_NEWS) {
      expect(bySlug.get(demo.slug)).toMatchObject({
        sys: { locale: 'en' },
        fields: { title: demo.en.title, abstract: demo.en.abstract },
      });
    }
    expect(bySlug.get('nur-auf-deutsch')).toMatchObject({
      sys: { locale: 'de' },
      fields: { title: 'Nur auf Deutsch' },
    });

    const one = await t.request('GET', '/api/news/neue-map-neon-docks?locale=en');
    expect(one.body.fields.title).toBe('New map: Neon Docks');
    const fallback = await t.request('GET', '/api/news/nur-auf-deutsch?locale=en');
    expect(fallback.status).toBe(200);
    expect(fallback.body.sys.locale).toBe('de');
    expect(fallback.body.fields.content.content[0].content[1]).toMatchObject({
      value: 'Welt',
      marks: [{ type: 'bold' }],
    });
  });

  it('answers 404 for an unknown slug and 400 for a malformed slug or locale', async () => {
    const unknown = await t.request('GET', '/api/news/gibt-es-nicht');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');

    const badSlug = await t.request('GET', '/api/news/Nicht%20OK!');
    expect(badSlug.status).toBe(400);
    expect(badSlug.body.error.details).toEqual([expect.objectContaining({ path: 'slug' })]);

    const badLocale = await t.request('GET', '/api/news?locale=fr');
    expect(badLocale.status).toBe(400);
    expect(badLocale.body.error.details).toEqual([
      { path: 'locale', message: 'locale must be de or en' },
    ]);
  });

  describe('header images', () => {
    let url: string;
    let assetId: string;
    beforeAll(async () => {
      const res = await t.request('GET', '/api/news/neue-lasertag-arena-eroeffnet');
      url = res.body.fields.header.fields.file.url;
      assetId = res.body.fields.header.sys.id;
    });

    it('transforms to a progressive jpeg of width 1000 at quality 50, as the spec asks', async () => {
      const res = await fetch(`${t.url}${newsImageUrl(url)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('etag')).toMatch(/^"[\w-]{32}"$/);
      const bytes = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', isProgressive: true, width: 1000, height: 563 });
      // Quality 50 is far smaller than the stored original.
      const [original] = await t.db.select().from(assets).where(eq(assets.id, assetId));
      expect(bytes.length).toBeLessThan(original!.data.length / 2);
      expect(await cached()).toEqual([`${assetId}-jpeg-w1000-q50-p.jpg`]);
    });

    it('serves the second request from the cache, with the same strong ETag, and 304 on revalidation', async () => {
      const first = await fetch(`${t.url}${newsImageUrl(url)}`);
      const firstBytes = Buffer.from(await first.arrayBuffer());
      // With the original's bytes gone from the database only the cache can answer.
      const [original] = await t.db.select().from(assets).where(eq(assets.id, assetId));
      await t.db
        .update(assets)
        .set({ data: Buffer.from('gone') })
        .where(eq(assets.id, assetId));
      try {
        const second = await fetch(`${t.url}${newsImageUrl(url)}`);
        expect(second.status).toBe(200);
        expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
        expect(Buffer.from(await second.arrayBuffer()).equals(firstBytes)).toBe(true);
        const revalidated = await fetch(`${t.url}${newsImageUrl(url)}`, {
          headers: { 'if-none-match': first.headers.get('etag')! },
        });
        expect(revalidated.status).toBe(304);
        expect(revalidated.headers.get('etag')).toBe(first.headers.get('etag'));
      } finally {
        await t.db.update(assets).set({ data: original!.data }).where(eq(assets.id, assetId));
      }
    });

    it('makes other formats and widths, and serves the stored original without parameters', async () => {
      const webp = await fetch(`${t.url}${url}?fm=webp&w=400&q=70`);
      expect(webp.headers.get('content-type')).toBe('image/webp');
      expect(await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).toMatchObject({
        format: 'webp',
        width: 400,
      });
      const png = await fetch(`${t.url}${url}?fm=png&w=160`);
      expect(await sharp(Buffer.from(await png.arrayBuffer())).metadata()).toMatchObject({
        format: 'png',
        width: 160,
        height: 90,
      });
      // Never enlarged beyond the original.
      const wide = await fetch(`${t.url}${url}?fm=jpg&w=2000`);
      expect((await sharp(Buffer.from(await wide.arrayBuffer())).metadata()).width).toBe(1600);

      const original = await fetch(`${t.url}${url}`);
      const [stored] = await t.db.select().from(assets).where(eq(assets.id, assetId));
      expect(Buffer.from(await original.arrayBuffer()).equals(stored!.data)).toBe(true);
    });

    it('answers 400 naming each bad parameter, and makes nothing', async () => {
      const before = await cached();
      const res = await t.request('GET', `${url}?fm=gif&fl=lossy&q=0&w=5000`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.details.map((d: any) => d.path).sort()).toEqual(['fl', 'fm', 'q', 'w']);
      for (const query of ['q=abc', 'w=15', 'w=2001', 'q=101', 'q=1.5', 'fm=png&fl=progressive']) {
        const bad = await t.request('GET', `${url}?${query}`);
        expect(bad.status, query).toBe(400);
        expect(bad.body.error.details.length, query).toBeGreaterThan(0);
      }
      expect(await cached()).toEqual(before);
    });

    it('answers 404 for an unknown asset or a wrong file name, 400 for a malformed id', async () => {
      const unknown = await t.request(
        'GET',
        '/api/assets/00000000-0000-4000-8000-000000000000/x.jpg?fm=jpg',
      );
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('not_found');
      const wrongName = await t.request('GET', `/api/assets/${assetId}/other.jpg`);
      expect(wrongName.status).toBe(404);
      const malformed = await t.request('GET', '/api/assets/not-an-id/x.jpg');
      expect(malformed.status).toBe(400);
    });

    it("counts a client's new variants (429 past the limit), never its cached ones or the original", async () => {
      await fetch(`${t.url}${newsImageUrl(url)}`);
      let refused: Response | undefined;
      let made = 0;
      for (let q = 1; q <= IMAGE_VARIANTS_PER_CLIENT.max + 1 && !refused; q++) {
        const res = await fetch(`${t.url}${url}?fm=webp&q=${q}&w=64`);
        if (res.status === 429) refused = res;
        else {
          expect(res.status).toBe(200);
          made += 1;
        }
      }
      expect(refused, 'a new variant past the limit').toBeDefined();
      expect(made).toBeLessThanOrEqual(IMAGE_VARIANTS_PER_CLIENT.max);
      expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused!.json()) as any).error.code).toBe('rate_limited');
      expect((await cached()).some((name) => name.includes(`-q${made + 1}-`))).toBe(false);
      // What players load goes on: a variant made before, and the stored original.
      expect((await fetch(`${t.url}${newsImageUrl(url)}`)).status).toBe(200);
      expect((await fetch(`${t.url}${url}`)).status).toBe(200);
    });
  });
});
