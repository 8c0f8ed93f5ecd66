import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { Menu, Search } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_CALLS_SCRIPT, firstPaintPlugin, START_SCRIPT } from '../../../build/first-paint';
import { Logo } from './Logo';

/** The first screen: index.html's header, and the build's scripts that start after its paint. */
const indexHtml = fs.readFileSync(path.join(import.meta.dirname, '../../../index.html'), 'utf8');
/** Markup without the white space between tags and inside them (Prettier's line breaks). */
const flat = (html: string) =>
  html
    .replace(/\s+/g, ' ')
    .replace(/\s*>\s*/g, '>')
    .replace(/\s*</g, '<');
const shell = flat(/<div id="root">([\s\S]*)<\/div>\s*<noscript>/.exec(indexHtml)?.[1] ?? '');

describe("index.html's header, painted before the app starts", () => {
  it("shows what the app's header first shows: the menu icon, the wordmark, the search icon", () => {
    expect(shell).toContain(flat(renderToStaticMarkup(<Logo />)));
    expect(shell).toContain(flat(renderToStaticMarkup(<Menu aria-hidden="true" size={24} />)));
    expect(shell).toContain(flat(renderToStaticMarkup(<Search aria-hidden="true" size={22} />)));
  });

  it('is hidden from assistive technology and holds nothing to click or focus', () => {
    expect(shell).toMatch(/^<!--[\s\S]*?--><div class="[^"]*" aria-hidden="true">/);
    expect(shell).not.toMatch(/<(a|button|input)\b|tabindex/);
  });
});

/** The build's index.html as Vite writes it before the plugin runs. */
const built =
  '<html><head><title>Arcadia</title>\n' +
  '    <script type="module" crossorigin src="/assets/index-A1.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/core-B2.js">\n' +
  '    <link rel="stylesheet" crossorigin href="/assets/index-C3.css">\n' +
  '</head><body><div id="root">\n  <!-- why the header is here -->\n  <p>Arcadia</p></div></body></html>';

function transform(html: string): string {
  const hook = firstPaintPlugin().transformIndexHtml as {
    handler: (html: string) => string;
  };
  return hook.handler(html);
}

describe('the build: the entry runs after the first paint', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('turns the entry script into a preload (it downloads at once, at low priority), adds the start-up script, drops comments', () => {
    const html = transform(built);
    expect(html).not.toContain('<script type="module"');
    // Low: the scripts run only after the first paint, so the stylesheet, the font and the
    // page's image go first.
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/index-A1.js" data-entry>',
    );
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/core-B2.js">',
    );
    expect(html).not.toMatch(/<link rel="modulepreload" crossorigin/);
    expect(html).toContain(`<script>${START_SCRIPT}</script>\n  </body>`);
    // The early calls before the stylesheet, which would hold an inline script below it.
    expect(html).toContain(
      `<script>${EARLY_CALLS_SCRIPT}</script>\n    <link rel="stylesheet" crossorigin href="/assets/index-C3.css">`,
    );
    expect(html).toContain('<div id="root">\n  <p>Arcadia</p></div>');
    expect(html).not.toContain('<!--');
  });

  it('fails the build when index.html has no entry script', () => {
    expect(() => transform('<html><head></head><body></body></html>')).toThrow(/no entry script/);
  });

  const FCP = 'first-contentful-paint';

  /** A browser's PerformanceObserver: `paint` among its types or not; `paint()` reports FCP. */
  function stubPaintObserver(supportsPaint: boolean) {
    let report: (() => void) | undefined;
    class Observer {
      static supportedEntryTypes = supportsPaint ? ['paint', 'resource'] : ['resource'];
      constructor(callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {
        report = () => callback({ getEntriesByName: (name) => (name === FCP ? [{}] : []) });
      }
      observe() {}
    }
    vi.stubGlobal('PerformanceObserver', Observer);
    return { paint: () => report?.() };
  }

  /** Runs the start-up script on index.html's head as the build writes it; the entries it added. */
  function startUp() {
    document.head.innerHTML = /<head>([\s\S]*)<\/head>/.exec(transform(built))?.[1] ?? '';
    // The page runs the script's text inline; jsdom runs no inline script, so it is run here.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    new Function(START_SCRIPT)();
    return () => [...document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')];
  }

  it('the start-up script runs the entry once the first contentful paint is reported, once', () => {
    vi.useFakeTimers();
    const browser = stubPaintObserver(true);
    const entries = startUp();
    expect(entries()).toHaveLength(0);
    browser.paint();
    expect(entries()).toHaveLength(1);
    expect(entries()[0]!.src).toBe(new URL('/assets/index-A1.js', window.location.href).href);
    expect(entries()[0]).toHaveAttribute('crossorigin', '');
    vi.advanceTimersByTime(5000); // its fallback does not run it again
    expect(entries()).toHaveLength(1);
  });

  it('without a reported paint (a background tab) it runs the entry after a second', () => {
    vi.useFakeTimers();
    stubPaintObserver(true);
    const entries = startUp();
    vi.advanceTimersByTime(999);
    expect(entries()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(entries()).toHaveLength(1);
  });

  it('in a browser that reports no paints it runs the entry at once', () => {
    stubPaintObserver(false);
    expect(startUp()()).toHaveLength(1);
  });
});

describe('the early calls: the signed-in page’s first reads start with the HTML', () => {
  const key = 'arcadia.oidc.user:http://localhost/oidc:arcadia-web';
  const now = () => Date.now() / 1000;

  afterEach(() => {
    document.head.innerHTML = '';
    localStorage.clear();
    delete window.arcadiaEarlyCalls;
    vi.unstubAllGlobals();
  });

  /** Runs the script on a head with these meta tags and this stored session; the calls made. */
  function run(metas: string[], user?: object, search = '') {
    document.head.innerHTML = metas
      .map((content) => `<meta name="arcadia-early-calls" content="${content}">`)
      .join('');
    if (user) localStorage.setItem(key, JSON.stringify(user));
    const fetch = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', `/profile/x${search}`);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    new Function(EARLY_CALLS_SCRIPT)();
    window.history.replaceState(null, '', '/');
    return fetch.mock.calls as unknown as Array<[string, RequestInit]>;
  }

  it('index.html asks for the own profile, the address the app reads it from', () => {
    expect(indexHtml).toMatch(/<meta name="arcadia-early-calls" content="\/api\/v2\/user\/me" \/>/);
    const getMe = fs.readFileSync(
      path.join(import.meta.dirname, '../../features/auth/api/get-me.ts'),
      'utf8',
    );
    expect(getMe).toContain("url: 'api/v2/user/me'");
  });

  it('calls every address of the page’s meta tags with the stored access token, once each', () => {
    const calls = run(['/api/v2/user/me', '/api/user/1/details /api/v2/user/me'], {
      access_token: 'tok',
      expires_at: now() + 3600,
    });
    expect(calls.map(([url]) => url)).toEqual(['/api/v2/user/me', '/api/user/1/details']);
    expect(calls[0]![1]).toMatchObject({ headers: { authorization: 'Bearer tok' } });
    expect(Object.keys(window.arcadiaEarlyCalls ?? {})).toEqual([
      '/api/v2/user/me',
      '/api/user/1/details',
    ]);
    expect(window.arcadiaEarlyCalls?.['/api/user/1/details']?.token).toBe('tok');
  });

  it('calls nothing signed out, with a token about to end, without meta tags or on a callback', () => {
    expect(run(['/api/v2/user/me'])).toEqual([]);
    expect(run(['/api/v2/user/me'], { access_token: 'tok', expires_at: now() + 60 })).toEqual([]);
    expect(run([], { access_token: 'tok', expires_at: now() + 3600 })).toEqual([]);
    expect(
      run(
        ['/api/v2/user/me'],
        { access_token: 'tok', expires_at: now() + 3600 },
        '?code=a&state=b',
      ),
    ).toEqual([]);
  });

  it('calls only the origin’s API, never another address', () => {
    const calls = run(['https://evil.example/api/x //evil.example/api/y /oidc/token /api/ok'], {
      access_token: 'tok',
      expires_at: now() + 3600,
    });
    expect(calls.map(([url]) => url)).toEqual(['/api/ok']);
  });
});
