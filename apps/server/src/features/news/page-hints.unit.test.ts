import { describe, expect, it } from 'vitest';
import { newsPageHints, type InjectGet } from './page-hints';

const item = (slug: string, image?: string) => ({
  sys: { id: slug },
  fields: {
    slug,
    ...(image ? { header: { fields: { file: { url: image } } } } : {}),
  },
});

const answering =
  (items: unknown[], status = 200): InjectGet =>
  async (url) => {
    expect(url).toMatch(/^\/api\/news\?locale=(de|en)$/);
    return { statusCode: status, body: JSON.stringify({ items }) };
  };

const list = (locale: string) =>
  `<link rel="preload" as="fetch" crossorigin href="/api/news?locale=${locale}">`;
const image = (url: string) =>
  `<link rel="preload" as="image" fetchpriority="high" href="${url}?fm=jpg&amp;fl=progressive&amp;q=50&amp;w=1000">`;

describe('newsPageHints', () => {
  const hints = newsPageHints(
    answering([item('first', '/api/assets/a/first.jpg'), item('second', '/api/assets/b/2.jpg')]),
  );

  it("/home: the list and the first teaser's image", async () => {
    expect(await hints('/home', 'en')).toEqual([list('en'), image('/api/assets/a/first.jpg')]);
  });

  it("an article: the list and that article's image", async () => {
    expect(await hints('/news/second', 'de')).toEqual([list('de'), image('/api/assets/b/2.jpg')]);
  });

  it('no image for an unknown article or one without a header; nothing on other pages', async () => {
    expect(await hints('/news/gone', 'de')).toEqual([list('de')]);
    expect(await newsPageHints(answering([item('x')]))('/home', 'de')).toEqual([list('de')]);
    expect(await hints('/leaderboard', 'de')).toEqual([]);
    expect(await hints('/news', 'de')).toEqual([]);
  });

  it('nothing when the list does not load', async () => {
    expect(await newsPageHints(answering([], 503))('/home', 'de')).toEqual([]);
  });
});
