import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config';

const API_PREFIXES = ['/api', '/oidc', '/graphql'];
/** Vite's hashed file names (`assets/core-CJBJ3-oS.js`), also as their `.br`/`.gz` copies. */
const HASHED = /[\\/]assets[\\/].+-[A-Za-z0-9_-]{8,}\.\w+$/;
const PRECOMPRESSED = /\.(br|gz)$/;
/** Written by the web build (apps/web/build/preload.ts): each lazy route's chunks. */
const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

export const isHashedAsset = (filePath: string) => HASHED.test(filePath.replace(PRECOMPRESSED, ''));

interface RoutePage {
  segments: string[];
  etag: string;
  /** The page as it is and its brotli and gzip forms, made once. */
  bodies: { identity: Buffer; br: Buffer; gzip: Buffer };
}

function routePage(segments: string[], html: string, quality = 11): RoutePage {
  const identity = Buffer.from(html);
  return {
    segments,
    etag: `"${createHash('sha1').update(identity).digest('base64url').slice(0, 27)}"`,
    bodies: {
      identity,
      br: zlib.brotliCompressSync(identity, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality },
      }),
      gzip: zlib.gzipSync(identity, { level: quality >= 9 ? 9 : 6 }),
    },
  };
}

/**
 * The CSP sources (`'sha256-…'`) of the built index.html's inline scripts: its start-up script
 * (apps/web/build/first-paint.ts). None without a build.
 */
export function inlineScriptSources(root: string): string[] {
  let html: string;
  try {
    html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
}

/** The encoding to answer with: brotli, else gzip, as the client's Accept-Encoding allows. */
export function negotiateEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  const best = (['br', 'gzip'] as const)
    .filter((name) => weight(name) > 0)
    .sort((a, b) => weight(b) - weight(a))[0];
  return best ?? 'identity';
}

/**
 * What a page's link preview shows (Open Graph and Twitter card): crawlers read the HTML the
 * server sends and run no script, so these go into index.html on the server. `url` and `image`
 * are absolute.
 */
export interface PageMeta {
  title: string;
  description: string;
  url: string;
  image: string;
  imageWidth: number;
  imageHeight: number;
  imageAlt: string;
  /** The preview's language (og:locale). */
  language: PageLanguage;
}

/**
 * Finds the preview of a path (`/game/{id}`), or null for a page without one, in the given
 * language (the page's `?lang=`, else the browser's), for the asking client's address.
 */
export type PageMetaResolver = (
  url: string,
  language: PageLanguage,
  client: string,
) => Promise<PageMeta | null>;

/** The app's languages (apps/web/src/lib/i18n/languages.ts), German first: the default. */
const LANGUAGES = ['de', 'en'] as const;
export type PageLanguage = (typeof LANGUAGES)[number];

/** The cookie the app sets with the player's language choice (apps/web/src/lib/i18n). */
export const APP_LANGUAGE_COOKIE = 'arcadia_app_lang';
const APP_LANGUAGE_IN_COOKIES = new RegExp(`(?:^|;\\s*)${APP_LANGUAGE_COOKIE}=(de|en)(?:;|$)`);

/**
 * The language the app will start in, as it picks it (apps/web/src/lib/i18n): the player's choice
 * (the app's cookie beside its stored one), else the first of the browser's languages
 * (Accept-Language, in the browser's order) the app has, else German. Without the cookie an
 * English player on a German browser got the German strings and news preloaded, unused.
 */
export function pageLanguage(
  acceptLanguage: string | undefined,
  cookieHeader?: string,
): PageLanguage {
  const chosen = APP_LANGUAGE_IN_COOKIES.exec(cookieHeader ?? '')?.[1];
  const picked = LANGUAGES.find((l) => l === chosen);
  if (picked) return picked;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const base = part.trim().split(';')[0]!.toLowerCase().split('-')[0];
    const found = LANGUAGES.find((l) => l === base);
    if (found) return found;
  }
  return 'de';
}

/** `?lang=de|en` of a shared link (the language it was shared in), or undefined. */
function queryLanguage(query: unknown): PageLanguage | undefined {
  const lang = (query as Record<string, unknown> | undefined)?.lang;
  return LANGUAGES.find((l) => l === lang);
}

/**
 * What a page's first screen loads after its scripts ran (its data, its largest image), as
 * `<link>` tags for the head: the browser fetches them beside the scripts. Empty for most pages.
 * `url` is the page's address with its query string; `client` the asking client's address (a
 * resolver that asks the API in process asks as that client, within its rate limit).
 */
export type PageHintsResolver = (
  url: string,
  language: PageLanguage,
  client: string,
) => Promise<string[]>;

/** Several features' page hints as one: each asked, their tags in the given order. */
export function pageHintsOf(...resolvers: PageHintsResolver[]): PageHintsResolver {
  return async (url, language, client) =>
    (
      await Promise.all(resolvers.map((resolve) => resolve(url, language, client).catch(() => [])))
    ).flat();
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** index.html with the page's title, description and preview tags, every value escaped. */
export function withPageMeta(html: string, meta: PageMeta): string {
  const tag = (attr: 'name' | 'property', key: string, value: string | number) =>
    `<meta ${attr}="${key}" content="${escapeHtml(String(value))}" />`;
  const tags = [
    tag('property', 'og:type', 'website'),
    tag('property', 'og:site_name', 'Arcadia'),
    tag('property', 'og:locale', meta.language === 'en' ? 'en_GB' : 'de_DE'),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.url),
    tag('property', 'og:image', meta.image),
    tag('property', 'og:image:type', 'image/png'),
    tag('property', 'og:image:width', meta.imageWidth),
    tag('property', 'og:image:height', meta.imageHeight),
    tag('property', 'og:image:alt', meta.imageAlt),
    tag('name', 'twitter:card', 'summary_large_image'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    tag('name', 'twitter:image', meta.image),
    tag('name', 'twitter:image:alt', meta.imageAlt),
  ].join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, () =>
      tag('name', 'description', meta.description),
    )
    .replace('</head>', () => `  ${tags}\n  </head>`);
}

/** Whether a route pattern (`news/:slug`, `admin/*`) matches the start of a path's segments. */
function matches(pattern: string[], segments: string[]): boolean {
  for (const [i, part] of pattern.entries()) {
    if (part === '*') return true;
    const segment = segments[i];
    if (segment === undefined || (!part.startsWith(':') && part !== segment)) return false;
  }
  return true;
}

/**
 * index.html for each lazy route, with `modulepreload` links for that route's chunks: the page's
 * code loads beside the core scripts instead of after them. Paths of no lazy route get the plain
 * index.html.
 */
function routePages(root: string): (url: string, language: PageLanguage) => RoutePage {
  const indexHtml = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  return byLanguage(
    LANGUAGES.map((language) => {
      // The strings are fetched before the first render: asked for with the HTML, not after the
      // core script ran (the same request as the app's `fetch`, so the browser uses this one).
      const i18n = `<link rel="preload" as="fetch" crossorigin href="/assets/i18n/${language}.json">`;
      return routePagesOf(root, indexHtml.replace('</head>', `  ${i18n}\n  </head>`));
    }),
  );
}

function byLanguage(
  perLanguage: Array<(url: string) => RoutePage>,
): (url: string, language: PageLanguage) => RoutePage {
  return (url, language) => perLanguage[LANGUAGES.indexOf(language)]!(url);
}

function routePagesOf(root: string, html: string): (url: string) => RoutePage {
  const plain = routePage([], html);
  let routes: Array<{ path: string; session?: boolean; files: string[] }> = [];
  try {
    routes = JSON.parse(fs.readFileSync(path.join(root, ROUTE_PRELOADS_FILE), 'utf8')) as never;
  } catch {
    // a build without the list: no route preloads
  }
  const pages = routes
    .map((route) => {
      const links = [
        ...route.files.map(
          (file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${file}">`,
        ),
        // A signed-in page starts its session with the sign-in configuration.
        ...(route.session
          ? ['<link rel="preload" as="fetch" crossorigin href="/api/config">']
          : []),
      ].join('\n    ');
      return routePage(route.path.split('/'), html.replace('</head>', `  ${links}\n  </head>`));
    })
    // The most specific first: `leaderboard/commando` before `leaderboard`.
    .sort((a, b) => b.segments.length - a.segments.length);
  return (url) => {
    const segments = url.split('/').filter(Boolean);
    return pages.find((page) => matches(page.segments, segments)) ?? plain;
  };
}

/**
 * Serves the built web app; every other GET falls back to index.html (client-side routes).
 * Hashed files are immutable for a year and sent as the build's brotli or gzip copy when the
 * client accepts one (apps/web/build/precompress.ts); index.html, the service worker, the manifest
 * and the translations are revalidated on every use (`no-cache`).
 */
export const webPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { config: Config; pageMeta?: PageMetaResolver; pageHints?: PageHintsResolver },
  ) => {
    const root = opts.config.webDist;
    const built = fs.existsSync(path.join(root, 'index.html'));
    const pageFor = built ? routePages(root) : undefined;
    if (built) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders: (res, filePath) => {
          res.header(
            'Cache-Control',
            isHashedAsset(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }
    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply
          .code(404)
          .send({ error: { code: 'not_found', message: `No route ${request.method} ${url}` } });
      }
      if (
        API_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`)) ||
        path.extname(url) !== ''
      ) {
        return reply
          .code(404)
          .send({ error: { code: 'not_found', message: `No route GET ${url}` } });
      }
      if (!pageFor) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send(
            'The web app is not built yet: run `npm run build -w @arcadia/web` (npm start does it).',
          );
      }
      const language = pageLanguage(request.headers['accept-language'], request.headers.cookie);
      let page = pageFor(url, language);
      const [meta, hints] = await Promise.all([
        opts.pageMeta
          ? opts.pageMeta(url, queryLanguage(request.query) ?? language, request.ip)
          : null,
        // With the query: a page's first data call may depend on it (the leaderboard's filters).
        opts.pageHints ? opts.pageHints(request.url, language, request.ip).catch(() => []) : [],
      ]);
      if (meta || hints.length > 0) {
        let html = page.bodies.identity.toString();
        if (meta) html = withPageMeta(html, meta);
        // Right after the title, before the scripts' preloads: the browser asks for the page's
        // data and its largest image first, not behind every script on the origin's
        // connections.
        if (hints.length > 0)
          html = html.replace('</title>', () => `</title>\n    ${hints.join('\n    ')}`);
        page = routePage(page.segments, html, 5);
      }
      reply
        .header('Cache-Control', 'no-cache')
        .header('ETag', page.etag)
        .header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply.type('text/html; charset=utf-8').send(page.bodies[encoding]);
    });
  },
);
