import { newsImageUrl, type NewsEntry, type NewsLocale } from '@arcadia/contracts';

const ARTICLE = /^\/news\/([a-z0-9-]+)\/?$/;

/**
 * Answers a GET of the API in process (Fastify's inject), as a client would get it: asked as the
 * page's client (`client`, its address), so the call counts within that client's rate limit, not
 * in one shared by every page view.
 */
export type InjectGet = (
  url: string,
  client?: string,
) => Promise<{ statusCode: number; body: string }>;

const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The preloads of the news pages for the web plugin (plugins/web.ts): `/home` and an article show
 * the news list (`/api/news?locale=…`) and, as their largest element, a header image (the first
 * teaser's, or the article's). Both are otherwise asked for only once the page's scripts ran.
 * The list comes from the API itself, so it is the answer the page will read (local or Contentful).
 */
export function newsPageHints(get: InjectGet) {
  return async (url: string, locale: NewsLocale, client?: string): Promise<string[]> => {
    const path = url.split('?')[0] ?? '';
    const slug = ARTICLE.exec(path)?.[1];
    if (path.replace(/\/$/, '') !== '/home' && !slug) return [];
    const listUrl = `/api/news?locale=${locale}`;
    const res = await get(listUrl, client);
    if (res.statusCode !== 200) return [];
    const { items } = JSON.parse(res.body) as { items: NewsEntry[] };
    const shown = slug ? items.find((item) => item.fields.slug === slug) : items[0];
    const image = shown?.fields.header?.fields.file.url;
    return [
      `<link rel="preload" as="fetch" crossorigin href="${escapeAttr(listUrl)}">`,
      ...(image
        ? [
            `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttr(newsImageUrl(image))}">`,
          ]
        : []),
    ];
  };
}
