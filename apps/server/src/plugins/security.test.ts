import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/app';
import { addPlayer } from '../../test/support/arcade';
import { inlineScriptSources } from './web';

const ALLOWED = 'https://app.arcadia.example';
const OTHER_ALLOWED = 'capacitor://localhost';
const EVIL = 'https://evil.example';

const preflight = (origin: string, method: string) => ({
  headers: {
    origin,
    'access-control-request-method': method,
    'access-control-request-headers': 'authorization,content-type',
  },
});

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends helmet headers with a CSP that fits the SPA, on answers and on errors', async () => {
    for (const res of [
      await t.request('GET', '/api/health'),
      await t.request('GET', '/api/v2/user/me'),
      await t.request('GET', '/api/does-not-exist'),
    ]) {
      const csp = res.headers.get('content-security-policy') ?? '';
      const directives = Object.fromEntries(
        csp.split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name, values.join(' ')];
        }),
      );
      expect(directives['default-src']).toBe("'self'");
      // The barcode decoder is wasm; no remote scripts, and inline only the built index.html's
      // start-up script, by its hash (web.test.ts checks that hash).
      expect(directives['script-src']).toBe(
        ["'self'", "'wasm-unsafe-eval'", ...inlineScriptSources(t.app.config.webDist)].join(' '),
      );
      expect(directives['object-src']).toBe("'none'");
      expect(directives['frame-ancestors']).toBe("'self'");
      expect(directives['base-uri']).toBe("'self'");
      // The scanner draws camera frames from blob: URLs.
      expect(directives['img-src']).toContain('blob:');
      expect(directives['media-src']).toContain('blob:');
      expect(csp).not.toContain('*');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('keeps a signed-in answer out of every cache (private, no-store, varying by token)', async () => {
    const anna = await addPlayer(t, 'CacheAnna');
    for (const path of ['/api/v2/user/me', '/api/notifications', '/api/v2/user/me/friends']) {
      const res = await t.request('GET', path, { token: anna.token });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
      expect(res.headers.get('vary') ?? '', path).toMatch(/Authorization/);
    }
    // An anonymous one is asked for again before a cache reuses it (it names players too).
    for (const path of ['/api/news', '/api/arcades']) {
      const res = await t.request('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('allows no cross-origin caller when no origin is configured', async () => {
    const simple = await t.request('GET', '/api/health', { headers: { origin: ALLOWED } });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await t.request('OPTIONS', '/api/v2/user/me', preflight(ALLOWED, 'GET'));
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS for configured origins only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CORS_ORIGINS: `${ALLOWED}, ${OTHER_ALLOWED}` } });
  });
  afterAll(() => t.close());

  it('answers a preflight from a configured origin, for every method the API uses', async () => {
    for (const origin of [ALLOWED, OTHER_ALLOWED]) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const res = await t.request('OPTIONS', '/api/v2/user/me', preflight(origin, method));
        expect(res.status, `${origin} ${method}`).toBe(204);
        expect(res.headers.get('access-control-allow-origin')).toBe(origin);
        expect(res.headers.get('access-control-allow-methods')).toContain(method);
        expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
          'authorization',
        );
        expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      }
    }
  });

  it('gives no allow-origin to any other origin', async () => {
    for (const origin of [EVIL, 'https://app.arcadia.example.evil.example', 'null']) {
      const pre = await t.request('OPTIONS', '/api/v2/user/me', preflight(origin, 'DELETE'));
      expect(pre.headers.get('access-control-allow-origin'), origin).toBeNull();
      const simple = await t.request('GET', '/api/health', { headers: { origin } });
      expect(simple.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });

  it('marks answers as varying by origin and allows a configured one on simple requests', async () => {
    const res = await t.request('GET', '/api/health', { headers: { origin: ALLOWED } });
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('vary')).toMatch(/origin/i);
  });
});

describe('rate limiting', () => {
  const MAX = 5;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: String(MAX) } });
  });
  afterAll(() => t.close());

  it(`answers 429 in the error shape after ${MAX} API calls a minute, and writes nothing`, async () => {
    const token = await t.issuer.mint('sub-flood');
    for (let i = 0; i < MAX; i++) {
      const res = await t.request('GET', '/api/v2/user/me', { token });
      expect(res.status, `call ${i + 1}`).toBe(404);
      expect(res.headers.get('x-ratelimit-limit')).toBe(String(MAX));
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(MAX - i - 1));
    }
    const before = await t.counts('users');
    const limited = await t.request('POST', '/api/v2/user/registration', {
      token,
      body: { username: 'Flooder', mail: 'flood@example.com', agb: true },
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: { code: 'rate_limited', message: expect.any(String) },
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await t.counts('users')).toEqual(before);
  });

  it('counts calls without a token too (429 before 401)', async () => {
    const res = await t.request('GET', '/api/v2/user/me');
    expect(res.status).toBe(429);
  });

  it('leaves the health probes out of it: a proxy or orchestrator probes from one address', async () => {
    for (let i = 0; i < MAX + 2; i++) {
      expect((await t.request('GET', '/api/health')).status).toBe(200);
      expect((await t.request('GET', '/api/ready')).status).toBe(200);
    }
    expect((await t.request('GET', '/api/v2/user/me')).status).toBe(429);
  });

  it('leaves the web app itself out of the API limit', async () => {
    const res = await t.request('GET', '/some/spa/route');
    expect(res.status).not.toBe(429);
  });
});
