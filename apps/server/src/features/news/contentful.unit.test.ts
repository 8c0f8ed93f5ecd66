import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newsListSchema } from '@arcadia/contracts';
import {
  CONTENTFUL_SPACE,
  CONTENTFUL_TOKEN,
  startContentfulServer,
  type ContentfulServer,
} from '../../../test/support/contentful-server';
import { loadConfig } from '../../config';
import { AppError } from '../../plugins/errors';
import { ContentfulNews } from './contentful';

const t = (value: string, ...marks: string[]) => ({
  nodeType: 'text',
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});

describe('news from Contentful (the delivery API through the official SDK)', () => {
  let cf: ContentfulServer;
  let clock: number;
  const stale: unknown[] = [];
  const source = (token = CONTENTFUL_TOKEN, env: Record<string, string> = {}) => {
    const config = loadConfig({
      CONTENTFUL_SPACE_ID: CONTENTFUL_SPACE,
      CONTENTFUL_ACCESS_TOKEN: token,
      CONTENTFUL_ENVIRONMENT: 'staging',
      CONTENTFUL_HOST: cf.url,
      ...env,
    }).contentful!;
    return new ContentfulNews(config, {
      ttlMs: 60_000,
      now: () => clock,
      onStale: (e) => stale.push(e),
    });
  };

  beforeAll(async () => {
    cf = await startContentfulServer();
  });
  beforeEach(() => {
    cf.requests.length = 0;
    cf.failing = false;
    clock = 1_000_000;
  });
  afterAll(() => cf.close());

  it('asks for the entries of content type news in the locale, newest first, with the token', async () => {
    const list = await source().list('de');
    expect(cf.requests).toEqual([
      {
        method: 'GET',
        path: `/spaces/${CONTENTFUL_SPACE}/environments/staging/entries`,
        query: {
          content_type: 'news',
          locale: 'de',
          order: '-sys.createdAt',
          include: '1',
          limit: '100',
        },
        authorization: `Bearer ${CONTENTFUL_TOKEN}`,
      },
    ]);
    expect(newsListSchema.parse(list)).toEqual(list);
    // The entry without a title is left out.
    expect(list.items.map((i) => i.fields.slug)).toEqual(['herbst-turnier', 'neue-maps']);
    const [first] = list.items;
    expect(first!.sys).toEqual({
      id: '5KsDBWseXY6QegucYAoacS',
      createdAt: '2026-11-20T10:00:00.000Z',
      locale: 'de',
    });
    expect(first!.fields).toMatchObject({
      title: 'Herbst-Turnier',
      abstract: 'Zwei Abende, drei Maps.',
    });
    // The header is Contentful's image API over https; clients add fm=jpg&fl=progressive&q=50&w=1000.
    expect(first!.fields.header).toEqual({
      sys: { id: '7hdVNJ2xRteKqCM2vKhHyq' },
      fields: {
        title: 'Turnierplakat',
        file: {
          url: 'https://images.ctfassets.net/arcadia0space/7hdVNJ2xRteKqCM2vKhHyq/0c5f2b0a8d1c4e6f9b3a7d2e1f0c9b8a/turnier.jpg',
          fileName: 'turnier.jpg',
          contentType: 'image/jpeg',
          details: { size: 184532, image: { width: 1920, height: 1080 } },
        },
      },
    });
    expect(list.items[1]!.fields.header).toBeUndefined();
  });

  it('asks in the locale codes of the space when CONTENTFUL_LOCALES names them', async () => {
    const news = source(CONTENTFUL_TOKEN, { CONTENTFUL_LOCALES: 'de=de-DE,en=en-US' });
    const list = await news.list('de');
    await news.entry('herbst-turnier', 'en').catch(() => undefined);
    expect(cf.requests.map((r) => r.query.locale)).toEqual(['de-DE', 'en-US']);
    expect(list.items[0]!.sys.locale).toBe('de');
  });

  it("maps Contentful's rich text into our document model", async () => {
    const [first] = (await source().list('de')).items;
    const blocks = first!.fields.content.content;
    expect(blocks.map((b) => b.nodeType)).toEqual([
      'heading-2',
      'paragraph',
      'unordered-list',
      // the embedded asset is left out
      'blockquote',
      'hr',
      // the table's cells become paragraphs
      'paragraph',
      'paragraph',
      'paragraph',
    ]);
    expect(blocks[1]).toEqual({
      nodeType: 'paragraph',
      data: {},
      content: [
        t('Anmeldung '),
        t('ab 18 Uhr', 'bold'),
        t(' – '),
        {
          nodeType: 'hyperlink',
          data: { uri: 'https://arcadia.example/play' },
          content: [t('jetzt spielen', 'underline')],
        },
        t(' '),
        // an entry link keeps its text; superscript is dropped; a script link is text
        t('Regeln'),
        t(' '),
        t('2'),
        t(' '),
        t('kein Skript'),
      ],
    });
    expect(blocks[2]).toMatchObject({
      content: [
        { content: [{ content: [t('Team-Deathmatch')] }, { content: [t('5 gegen 5')] }] },
        { content: [{ content: [t('Free for all', 'italic')] }] },
      ],
    });
  });

  it('reads one article by its slug; 404 for a slug Contentful does not have', async () => {
    const news = source();
    const entry = await news.entry('herbst-turnier', 'de');
    expect(entry.fields.title).toBe('Herbst-Turnier');
    expect(cf.requests[0]!.query).toMatchObject({
      content_type: 'news',
      'fields.slug': 'herbst-turnier',
      locale: 'de',
      limit: '1',
    });
    await expect(news.entry('gibt-es-nicht', 'de')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('caches each answer for the TTL, then asks again; one request for concurrent readers', async () => {
    const news = source();
    const [a, b] = await Promise.all([news.list('en'), news.list('en')]);
    expect(a).toBe(b);
    expect(a.items[0]!.fields.title).toBe('Autumn tournament');
    clock += 59_000;
    await news.list('en');
    expect(cf.requests).toHaveLength(1);
    await news.list('de');
    expect(cf.requests).toHaveLength(2);
    clock += 2_000;
    await news.list('en');
    expect(cf.requests).toHaveLength(3);
  });

  it('serves the last answer while Contentful fails, and 503 when there is none', async () => {
    const news = source();
    await news.list('de');
    cf.failing = true;
    clock += 120_000;
    expect((await news.list('de')).items).toHaveLength(2);
    expect(stale).toHaveLength(1);
    const error = await news.list('en').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 503, code: 'news_unavailable' });
    cf.failing = false;
    const wrongToken = await source('wrong-token-123')
      .list('de')
      .catch((e: unknown) => e);
    expect(wrongToken).toMatchObject({ statusCode: 503 });
    expect(cf.requests.at(-1)!.authorization).toBe('Bearer wrong-token-123');
  });
});
