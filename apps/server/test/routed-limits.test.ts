import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { addArcade, addDevice, type TestDevice } from './support/arcade';
import { DEVICE_AUTH_FAILURES } from '../src/features/device-api';
import { TestOidcClient } from './support/oidc-client';
import { formOf } from './support/browser';
import { PER_EMAIL, TOKEN_FACTOR } from '../src/features/identity';
import { addressKey } from '../src/plugins/limits';

const STATS = '{ statistics { name } }';

describe('limits and auth apply to the path as routed', () => {
  const MAX = 5;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: String(MAX) } });
  });
  afterAll(() => t.close());

  it('counts percent-encoded API and GraphQL paths against the same limit', async () => {
    const token = await t.issuer.mint('sub-encoder');
    // Encoded paths are the same routes: served while under the limit.
    expect((await t.request('GET', '/%61pi/v2/user/me', { token })).status).toBe(404);
    expect((await t.request('POST', '/%67raphql', { body: { query: STATS } })).status).toBe(200);
    for (let i = 2; i < MAX; i++) {
      expect((await t.request('GET', '/api/v2/user/me', { token })).status).toBe(404);
    }
    expect((await t.request('GET', '/api/v2/user/me', { token })).status).toBe(429);
    for (const [method, path] of [
      ['GET', '/%61pi/v2/user/me'],
      ['GET', '/api/v2/user/m%65'],
      ['GET', '/%61%70%69/arcades'],
      ['POST', '/%67raphql'],
      ['POST', '/graphq%6C'],
      ['GET', '/%61pi/no-such-route'],
    ] as const) {
      const res = await t.request(method, path, {
        token,
        ...(method === 'POST' ? { body: { query: STATS } } : {}),
      });
      expect(res.status, path).toBe(429);
    }
  });
});

describe('the GraphQL token check on encoded paths', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses an invalid token however /graphql is spelled', async () => {
    for (const path of ['/graphql', '/%67raphql', '/graphq%6C', '/%67%72%61%70%68%71%6C']) {
      const res = await t.request('POST', path, {
        token: 'not.a.token',
        body: { query: STATS },
      });
      expect(res.status, path).toBe(401);
    }
  });
});

describe('limits on the identity provider', () => {
  const MAX = 3;
  let t: TestApp;
  let address = 0;
  /** A browser at its own client address (TRUST_PROXY), so each test counts alone. */
  const client = () => {
    const ip = `10.9.0.${++address}`;
    const c = new TestOidcClient(t.url);
    const request = c.browser.request.bind(c.browser);
    c.browser.request = (target, options = {}) =>
      request(target, { ...options, headers: { 'x-forwarded-for': ip, ...options.headers } });
    return { c, ip };
  };
  const signUpPage = async (c: TestOidcClient) => {
    const signIn = await c.begin();
    return c.browser.navigate(
      new URL(/href="([^"]*\/signup)"/.exec(signIn.text)![1]!, signIn.url).href,
    );
  };

  beforeAll(async () => {
    t = await createTestApp({
      embeddedIdentity: true,
      env: { AUTH_RATE_LIMIT_MAX: String(MAX), TRUST_PROXY: 'true' },
    });
  });
  afterAll(() => t.close());

  it('limits sign-ins per client address, with Retry-After', async () => {
    const { c } = client();
    const page = await c.begin();
    const form = formOf(page.text);
    const post = () =>
      c.browser.request(new URL(form.action, page.url).href, {
        form: { ...form.fields, email: 'someone@example.org', password: 'wrong-Pass-1' },
      });
    for (let i = 0; i < MAX; i++) expect((await post()).status).toBe(401);
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.text).toContain('Zu viele Anfragen');
    // Another address is not affected.
    const other = client().c;
    const otherPage = await other.begin();
    const res = await other.submit(otherPage, { email: 'x@example.org', password: 'wrong-Pass-1' });
    expect(res.status).toBe(401);
  });

  it('limits sign-ups per client address before any work, writing nothing', async () => {
    const { c } = client();
    const page = await signUpPage(c);
    const form = formOf(page.text);
    const before = await t.counts('accounts');
    const post = (n: number) =>
      c.browser.request(new URL(form.action, page.url).href, {
        form: { ...form.fields, email: `flood${n}@example.org`, nickname: 'Flood', password: 'x' },
      });
    for (let i = 0; i < MAX; i++) expect((await post(i)).status).toBe(400);
    expect((await post(MAX)).status).toBe(429);
    expect(await t.counts('accounts')).toEqual(before);
  });

  it('limits sign-ups per e-mail address across client addresses', async () => {
    const email = 'wanted@example.org';
    const statuses: number[] = [];
    for (let i = 0; i <= PER_EMAIL.signup.max; i++) {
      const { c } = client();
      const page = await signUpPage(c);
      const form = formOf(page.text);
      const res = await c.browser.request(new URL(form.action, page.url).href, {
        form: { ...form.fields, email, nickname: `Want${i}`, password: 'wanted-Pass-1' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(PER_EMAIL.signup.max).fill(303), 429]);
  });

  it('limits password-reset requests and resets per client address', async () => {
    const { c } = client();
    const forgot = await c.browser.navigate('/oidc/forgot');
    const form = formOf(forgot.text);
    const ask = () =>
      c.browser.request(new URL(form.action, forgot.url).href, {
        form: { ...form.fields, email: 'nobody@example.org' },
      });
    for (let i = 0; i < MAX; i++) expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(429);

    const other = client().c;
    const resetPage = await other.browser.navigate('/oidc/forgot');
    const csrf = formOf(resetPage.text).fields;
    const reset = () =>
      other.browser.request('/oidc/reset', {
        form: { ...csrf, token: 'x'.repeat(43), password: 'new-Pass-123' },
      });
    for (let i = 0; i < MAX; i++) expect((await reset()).status).toBe(400);
    expect((await reset()).status).toBe(429);
  });

  it('limits token requests per client address, however the path is spelled', async () => {
    const ip = `10.9.1.${++address}`;
    const token = (path = '/oidc/oauth/token') =>
      fetch(`${t.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': ip,
        },
        body: 'grant_type=authorization_code&code=nope&client_id=arcadia-web',
      });
    // The mount itself encoded is refused outright.
    expect((await token('/%6fidc/oauth/token')).status).toBe(400);
    for (let i = 0; i < MAX * TOKEN_FACTOR; i++) {
      const path = i % 2 ? '/oidc/oauth/token' : '/oidc/oauth/%74oken';
      expect((await token(path)).status, `request ${i + 1}`).not.toBe(429);
    }
    const limited = await token();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: 'rate_limited' });
    expect((await token('/oidc/oauth/%74oken')).status).toBe(429);
  });
});

describe('failed device authentications', () => {
  let t: TestApp;
  let device: TestDevice;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    await addArcade(t);
    device = await addDevice(t, 'test-arcade', 'arena-1');
  });
  afterAll(() => t.close());

  const heartbeat = (ip: string, authorization: string) =>
    t.request('POST', '/api/device/v1/heartbeat', {
      headers: { authorization, 'x-forwarded-for': ip },
      body: {},
    });
  const wrongKey = (id = device.id) => `Device ${device.arcade}:${id}:${'w'.repeat(43)}`;

  it('answers 429 to a client after too many wrong keys for a device, never to the right key', async () => {
    const ip = '10.20.0.1';
    expect((await heartbeat(ip, device.headers.authorization)).status).toBe(200);
    for (let i = 0; i < DEVICE_AUTH_FAILURES.perDeviceAndAddress.max; i++) {
      expect((await heartbeat(ip, wrongKey())).status).toBe(401);
    }
    const limited = await heartbeat(ip, wrongKey());
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The real device behind the same address (a venue's players share it) goes on working.
    expect((await heartbeat(ip, device.headers.authorization)).status).toBe(200);
    expect((await heartbeat(ip, wrongKey())).status).toBe(429);
    expect((await heartbeat('10.20.0.2', device.headers.authorization)).status).toBe(200);
  });

  it('answers 429 to an address that failed too often across devices', async () => {
    const ip = '10.20.1.1';
    for (let i = 0; i < DEVICE_AUTH_FAILURES.perAddress.max; i++) {
      expect((await heartbeat(ip, wrongKey(`ghost-${i}`))).status).toBe(401);
    }
    expect((await heartbeat(ip, wrongKey('ghost-x'))).status).toBe(429);
    expect((await heartbeat(ip, device.headers.authorization)).status).toBe(200);
    expect((await heartbeat('10.20.1.2', device.headers.authorization)).status).toBe(200);
  });
});

describe('addressKey', () => {
  it('keys IPv4 as is and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb::9'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
  });
});
