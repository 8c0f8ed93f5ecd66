import { createHash, randomBytes } from 'node:crypto';

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

export interface Page {
  status: number;
  url: string;
  headers: Headers;
  text: string;
}

/**
 * A small browser for tests: a cookie jar (names and paths, as the provider scopes its cookies
 * by path), form posts with the Origin header browsers send, and redirects followed one by one
 * until they leave the server (the app's redirect URI).
 */
export class TestBrowser {
  private cookies: StoredCookie[] = [];

  constructor(
    readonly base: string,
    private readonly acceptLanguage = 'de-DE,de;q=0.9',
  ) {}

  private cookieHeader(url: URL): string {
    return this.cookies
      .filter(
        (c) =>
          url.pathname === c.path ||
          url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) ||
          c.path === '/',
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  private store(url: URL, headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      let path = url.pathname.replace(/\/[^/]*$/, '') || '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key, val = ''] = attribute.split('=');
        if (key!.toLowerCase() === 'path') path = val;
        if (key!.toLowerCase() === 'max-age' && Number(val) <= 0) expired = true;
        if (key!.toLowerCase() === 'expires' && Date.parse(val) < Date.now()) expired = true;
      }
      this.cookies = this.cookies.filter((c) => !(c.name === name && c.path === path));
      if (!expired) this.cookies.push({ name, value, path });
    }
  }

  cookieNames(): string[] {
    return this.cookies.map((c) => c.name);
  }

  /** One request, no redirect following. */
  async request(
    target: string,
    options: {
      method?: string;
      form?: Record<string, string>;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Page> {
    const url = new URL(target, this.base);
    const headers: Record<string, string> = {
      'accept-language': this.acceptLanguage,
      accept: 'text/html,application/json',
      ...options.headers,
    };
    const cookie = this.cookieHeader(url);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers.origin ??= new URL(this.base).origin;
      body = new URLSearchParams(options.form).toString();
    }
    const res = await fetch(url, {
      method: options.method ?? (options.form ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    this.store(url, res.headers);
    return { status: res.status, url: url.href, headers: res.headers, text: await res.text() };
  }

  /** Follows redirects while they stay on this server; returns the last page or the URL it left for. */
  async navigate(
    target: string,
    options: {
      method?: string;
      form?: Record<string, string>;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Page & { leftFor?: string }> {
    let page = await this.request(target, options);
    for (let hops = 0; hops < 20; hops++) {
      const location = page.headers.get('location');
      if (page.status < 300 || page.status >= 400 || !location) return page;
      const next = new URL(location, page.url);
      if (
        next.origin !== new URL(this.base).origin ||
        next.pathname === '/login/callback' ||
        next.pathname === '/'
      ) {
        return { ...page, leftFor: next.href };
      }
      page = await this.request(next.href);
    }
    throw new Error('too many redirects');
  }
}

/** The hidden fields and action of the first form on a page. */
export function formOf(html: string): { action: string; fields: Record<string, string> } {
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error(`no form on the page:\n${html.slice(0, 500)}`);
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
    if (name) fields[name] = value.replace(/&amp;/g, '&').replace(/&quot;/g, '"');
  }
  return { action: form[1]!.replace(/&amp;/g, '&'), fields };
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}
