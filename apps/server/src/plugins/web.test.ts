import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/app';

/**
 * How the built web app and the API go over the wire: hashed files precompressed at build time
 * and immutable, index.html revalidated and with its route's preloads, JSON compressed. A small
 * build made here (a script, its brotli and gzip copies as apps/web/build/precompress.ts writes
 * them, index.html, the route preload list) keeps the test fast.
 */

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET that leaves the body as it came (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

const decode = (answer: RawAnswer): Buffer => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body);
  return answer.body;
};

const SCRIPT = 'assets/core-CJBJ3-oS.js';
const ROUTE_CHUNK = '/assets/HomePage-BMmUIPzy.js';
const PLAY_CHUNK = '/assets/PlayPage-BMmUIPzy.js';
/** index.html as served: the strings of the guessed language are asked for with the page. */
const withStrings = (html: string, language = 'de') =>
  html.replace(
    '</head>',
    `  <link rel="preload" as="fetch" crossorigin href="/assets/i18n/${language}.json">\n  </head>`,
  );
const script = Buffer.from(
  Array.from({ length: 800 }, (_, i) => `export const value${i} = ${i} * 2;`).join('\n'),
);
/** The built index.html's start-up script (apps/web/build/first-paint.ts), allowed by its hash. */
const START_SCRIPT = "document.head.appendChild(document.createElement('script'))";
const indexHtml =
  '<!doctype html><html><head><title>Arcadia</title>' +
  `<link rel="modulepreload" crossorigin href="/${SCRIPT}" data-entry></head>` +
  `<body><div id="root"></div>${'<!-- padding -->'.repeat(80)}<script>${START_SCRIPT}</script></body></html>`;

let webDist: string;
let t: TestApp;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-web-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.mkdirSync(path.join(webDist, '.vite'));
  fs.writeFileSync(path.join(webDist, SCRIPT), script);
  fs.writeFileSync(path.join(webDist, `${SCRIPT}.br`), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(webDist, `${SCRIPT}.gz`), zlib.gzipSync(script, { level: 9 }));
  fs.writeFileSync(path.join(webDist, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(
    path.join(webDist, '.vite/route-preloads.json'),
    JSON.stringify([
      { path: 'home', files: [ROUTE_CHUNK] },
      { path: 'play', session: true, files: [PLAY_CHUNK] },
    ]),
  );
  t = await createTestApp({ env: { WEB_DIST: webDist } });
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
});

describe('hashed files of the build', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip;q=1', 'gzip'],
    ['gzip, deflate, br', 'br'],
  ])('Accept-Encoding %s: the %s copy, immutable for a year', async (accept, encoding) => {
    const res = await rawGet(`${t.url}/${SCRIPT}`, { 'accept-encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.length).toBeLessThan(script.length / 3);
    expect(decode(res).equals(script)).toBe(true);
  });

  it('without Accept-Encoding: the file as it is, immutable too', async () => {
    const res = await rawGet(`${t.url}/${SCRIPT}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.equals(script)).toBe(true);
  });
});

describe('what is revalidated on every use', () => {
  it('the service worker is no-cache', async () => {
    const res = await rawGet(`${t.url}/sw.js`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("index.html for a client route: no-cache, compressed, with that route's modulepreload", async () => {
    const home = await rawGet(`${t.url}/home`, { 'accept-encoding': 'br, gzip' });
    expect(home.status).toBe(200);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    expect(home.headers['content-encoding']).toBe('br');
    const html = decode(home).toString('utf8');
    expect(html).toContain(
      `<link rel="modulepreload" fetchpriority="low" crossorigin href="${ROUTE_CHUNK}">`,
    );
    expect(html).toContain(`href="/${SCRIPT}" data-entry`);

    const other = await rawGet(`${t.url}/settings`);
    expect(other.headers['cache-control']).toBe('no-cache');
    expect(other.headers.vary).toMatch(/accept-language/i);
    expect(other.body.toString('utf8')).toBe(withStrings(indexHtml));

    // Revalidation: the same page answers 304 to its ETag.
    const again = await rawGet(`${t.url}/home`, { 'if-none-match': String(home.headers.etag) });
    expect(again.status).toBe(304);
  });
});

describe('the start-up script', () => {
  it('runs by its hash in the CSP, and no other inline script does', async () => {
    const res = await rawGet(`${t.url}/home`);
    const hash = createHash('sha256').update(START_SCRIPT).digest('base64');
    const scriptSrc = /script-src ([^;]+)/.exec(String(res.headers['content-security-policy']));
    expect(scriptSrc?.[1]?.split(' ')).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      `'sha256-${hash}'`,
    ]);
    expect(res.body.toString()).toContain(`<script>${START_SCRIPT}</script>`);
  });
});

describe('what the first screen needs, asked for with the page', () => {
  it("the strings of the browser's first language the app has (else German)", async () => {
    const en = await rawGet(`${t.url}/settings`, { 'accept-language': 'fr-FR, en-GB;q=0.8' });
    expect(en.body.toString('utf8')).toBe(withStrings(indexHtml, 'en'));
    const de = await rawGet(`${t.url}/settings`, { 'accept-language': 'fr, it' });
    expect(de.body.toString('utf8')).toBe(withStrings(indexHtml, 'de'));
  });

  it("the player's own choice first (the app's cookie), over the browser's languages", async () => {
    const en = await rawGet(`${t.url}/settings`, {
      'accept-language': 'de-DE',
      cookie: 'other=1; arcadia_app_lang=en',
    });
    expect(en.body.toString('utf8')).toBe(withStrings(indexHtml, 'en'));
    expect(en.headers.vary).toMatch(/cookie/i);
    const de = await rawGet(`${t.url}/settings`, {
      'accept-language': 'en',
      cookie: 'arcadia_app_lang=de',
    });
    expect(de.body.toString('utf8')).toBe(withStrings(indexHtml, 'de'));
    const unknown = await rawGet(`${t.url}/settings`, {
      'accept-language': 'en',
      cookie: 'arcadia_app_lang=fr',
    });
    expect(unknown.body.toString('utf8')).toBe(withStrings(indexHtml, 'en'));
  });

  it('/home: the news list in that language; a signed-in page: the sign-in configuration', async () => {
    const home = (await rawGet(`${t.url}/home`, { 'accept-language': 'en' })).body.toString();
    const news = '<link rel="preload" as="fetch" crossorigin href="/api/news?locale=en">';
    expect(home).toContain(news);
    // Asked for before the scripts, which would otherwise hold the origin's connections.
    expect(home.indexOf(news)).toBeLessThan(home.indexOf('rel="modulepreload"'));
    expect(home).not.toContain('/api/config');
    const play = (await rawGet(`${t.url}/play`)).body.toString();
    expect(play).toContain(
      `<link rel="modulepreload" fetchpriority="low" crossorigin href="${PLAY_CHUNK}">`,
    );
    expect(play).toContain('<link rel="preload" as="fetch" crossorigin href="/api/config">');
  });

  it('/leaderboard: the arcades its filters read, never the board (its answer is per caller)', async () => {
    const arcades = '<link rel="preload" as="fetch" crossorigin href="/api/arcades">';
    for (const page of ['/leaderboard', '/leaderboard/commando', '/leaderboard?metric=kd']) {
      const html = (await rawGet(`${t.url}${page}`)).body.toString();
      expect(html).not.toContain('/api/leaderboards/');
      if (!page.includes('?')) expect(html).toContain(arcades);
    }
    expect((await rawGet(`${t.url}/api/arcades`)).status).toBe(200);
  });
});

describe('API answers', () => {
  it('a large JSON answer is compressed as the client accepts; a small one is not', async () => {
    const plain = await rawGet(`${t.url}/api/docs/json`);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const res = await rawGet(`${t.url}/api/docs/json`, { 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.body.length).toBeLessThan(plain.body.length / 3);
      expect(JSON.parse(decode(res).toString('utf8'))).toEqual(JSON.parse(plain.body.toString()));
    }
    const health = await rawGet(`${t.url}/api/health`, { 'accept-encoding': 'br' });
    expect(health.status).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString('utf8'))).toBeTruthy();
  });
});
