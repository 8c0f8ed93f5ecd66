import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/app';
import {
  addArcade,
  addDevice,
  addPlayer,
  report,
  type TestDevice,
  type TestPlayer,
} from '../../test/support/arcade';
import { createUserAgent } from '../../test/support/rfc8291';
import { formOf } from '../../test/support/browser';
import { TestOidcClient } from '../../test/support/oidc-client';
import { jsonNestsDeeperThan, loneSurrogatePaths, MAX_JSON_DEPTH, nulPaths } from './input-hygiene';

const NUL = '\u0000';
const TABLES = [
  'users',
  'visits',
  'games',
  'game_players',
  'push_subscriptions',
  'friendships',
  'device_players',
];

describe('nulPaths', () => {
  it('names every string holding a NUL, keys included, by its path', () => {
    expect(
      nulPaths({ a: 'ok', b: [`x${NUL}`, { c: NUL }], [`k${NUL}`]: 1, d: { e: 'fine' } }),
    ).toEqual(expect.arrayContaining(['b.0', 'b.1.c', 'k\\u0000']));
    expect(nulPaths(`top${NUL}`)).toEqual(['']);
    expect(nulPaths({ n: 1, t: true, z: null })).toEqual([]);
  });

  it('walks a deeply nested body without recursion', () => {
    let deep: unknown = NUL;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nulPaths(deep)).toHaveLength(1);
  });
});

describe('jsonNestsDeeperThan', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it('counts objects and arrays, up to and past the limit', () => {
    expect(jsonNestsDeeperThan(nested(3), 3)).toBe(false);
    expect(jsonNestsDeeperThan(nested(4), 3)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":{"b":[{"c":1}]}}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":{"b":[{"c":1}]}}', 3)).toBe(true);
    expect(jsonNestsDeeperThan('[[],[],[],[]]', 2)).toBe(false);
  });

  it('skips brackets inside strings, escaped quotes too', () => {
    expect(jsonNestsDeeperThan(JSON.stringify({ name: '[[[[{{{{' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ name: 'a "[[[[" b\\' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ name: 'x\\', deep: [[1]] }), 2)).toBe(true);
  });
});

describe('a JSON body nested deeper than the API needs is a 400 before it is parsed', () => {
  let t: TestApp;
  let anna: TestPlayer;
  const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  beforeAll(async () => {
    t = await createTestApp();
    await addArcade(t);
    await addDevice(t, 'test-arcade', 'arena-1');
    anna = await addPlayer(t, 'anna');
  });
  afterAll(() => t.close());

  it('on a route and on the play calls with their own parser', async () => {
    for (const [method, path] of [
      ['PATCH', '/api/v2/user/me'],
      ['POST', '/api/v2/arcadecenter/test-arcade/device/arena-1/player'],
    ] as const) {
      const res = await t.request(method, path, { token: anna.token, body: deep(100_000) });
      expect(res.status, path).toBe(400);
      expect(res.body.error).toEqual({
        code: 'invalid_json',
        message: `JSON must not nest deeper than ${MAX_JSON_DEPTH} levels`,
      });
    }
    // At the limit it is parsed, and the route answers as it does for any body.
    const atLimit = await t.request('PATCH', '/api/v2/user/me', {
      token: anna.token,
      body: deep(MAX_JSON_DEPTH),
    });
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.error.code).toBe('validation_failed');
  });

  it('a body for no route is not parsed at all: 404, whatever it holds', async () => {
    // A flood of large bodies to made-up paths (outside the API's rate limit) cost 50 ms each.
    for (const path of ['/api/x', '/nope', '/oidc/nope']) {
      for (const body of [deep(100_000), '{"not json', '{"a\\u0000":1}']) {
        const res = await t.request('POST', path, { token: anna.token, body });
        expect(res.status, `${path} ${body.slice(0, 12)}`).toBe(404);
      }
    }
  });
});

describe('a NUL byte in any free text is a 400 with the field, never a 500', () => {
  let t: TestApp;
  let anna: TestPlayer;
  let ben: TestPlayer;
  let device: TestDevice;

  beforeAll(async () => {
    t = await createTestApp();
    await addArcade(t);
    anna = await addPlayer(t, 'anna');
    ben = await addPlayer(t, 'ben');
    device = await addDevice(t, 'test-arcade', 'arena-1');
  });
  afterAll(() => t.close());

  it('refuses NUL in registration, search, visits, friends, play, device reports, push and news', async () => {
    const newcomer = await t.issuer.mint('sub-newcomer');
    const ua = createUserAgent();
    const cases: Array<{
      name: string;
      method: string;
      path: string;
      token?: string;
      headers?: Record<string, string>;
      body?: unknown;
      field: string;
    }> = [
      {
        name: 'registration username',
        method: 'POST',
        path: '/api/v2/user/registration',
        token: newcomer,
        body: { username: `Neo${NUL}`, mail: 'neo@example.com', agb: true },
        field: 'username',
      },
      {
        name: 'registration mail',
        method: 'POST',
        path: '/api/v2/user/registration',
        token: newcomer,
        body: { username: 'Neo', mail: `neo${NUL}@example.com`, agb: true },
        field: 'mail',
      },
      {
        name: 'registration instagram',
        method: 'POST',
        path: '/api/v2/user/registration',
        token: newcomer,
        body: { username: 'Neo', mail: 'neo@example.com', agb: true, instagram: `n${NUL}` },
        field: 'instagram',
      },
      {
        name: 'search term',
        method: 'GET',
        path: `/api/user?searchterm=an%00na`,
        token: anna.token,
        field: 'searchterm',
      },
      {
        name: 'user id in the path',
        method: 'GET',
        path: '/api/user/%00',
        token: anna.token,
        field: 'id',
      },
      {
        name: 'visit arcade',
        method: 'POST',
        path: '/api/visits',
        token: anna.token,
        body: { userId: ben.id, arcadeId: `test${NUL}` },
        field: 'arcadeId',
      },
      {
        name: 'friend id',
        method: 'POST',
        path: '/api/v2/user/me/friends',
        token: anna.token,
        body: { friendToAddId: `${ben.id}${NUL}` },
        field: 'friendToAddId',
      },
      {
        name: 'play mail',
        method: 'POST',
        path: '/api/v2/arcadecenter/test-arcade/device/arena-1/player',
        token: anna.token,
        body: { mail: `a${NUL}` },
        field: 'mail',
      },
      {
        name: 'profile update',
        method: 'PATCH',
        path: '/api/v2/user/me',
        token: anna.token,
        body: { language: `de${NUL}` },
        field: 'language',
      },
      {
        name: 'device report guest name',
        method: 'POST',
        path: '/api/device/v1/games',
        headers: device.headers,
        body: report({
          players: [{ guestName: `Gast${NUL}`, kills: 1, deaths: 1, score: 1, teamId: 1 }],
        }),
        field: 'players.0.guestName',
      },
      {
        name: 'device report idempotency key',
        method: 'POST',
        path: '/api/device/v1/games',
        headers: device.headers,
        body: report({ idempotencyKey: `key-${NUL}-abcdef` }),
        field: 'idempotencyKey',
      },
      {
        name: 'push endpoint',
        method: 'POST',
        path: '/api/push/subscriptions',
        token: anna.token,
        body: ua.subscription(`https://push.example.com/${NUL}`),
        field: 'endpoint',
      },
      {
        name: 'push unsubscribe',
        method: 'DELETE',
        path: '/api/push/subscriptions',
        token: anna.token,
        body: { endpoint: `https://push.example.com/${NUL}` },
        field: 'endpoint',
      },
      {
        name: 'news slug',
        method: 'GET',
        path: '/api/news/a%00b',
        field: 'slug',
      },
      {
        name: 'news locale',
        method: 'GET',
        path: '/api/news?locale=de%00',
        field: 'locale',
      },
      {
        name: 'GraphQL variables',
        method: 'POST',
        path: '/graphql',
        body: {
          query: 'query($p: UUID) { statistics(playerId: $p) { name } }',
          variables: { p: NUL },
        },
        field: 'variables.p',
      },
    ];
    const before = await t.counts(...TABLES);
    for (const c of cases) {
      const res = await t.request(c.method, c.path, {
        token: c.token,
        headers: c.headers,
        body: c.body,
      });
      expect(res.status, c.name).toBe(400);
      if (c.path === '/graphql') {
        // GraphQL answers in its own error shape, naming the field in the message.
        expect(res.body.errors[0].message).toContain(c.field);
        continue;
      }
      expect(res.body.error?.code, `${c.name}: ${JSON.stringify(res.body)}`).toBe(
        'validation_failed',
      );
      expect(
        res.body.error.details.map((d: { path: string }) => d.path),
        c.name,
      ).toContain(c.field);
    }
    expect(await t.counts(...TABLES)).toEqual(before);
  });
});

describe('loneSurrogatePaths', () => {
  it('names every string holding an unpaired UTF-16 surrogate, keys included; pairs are fine', () => {
    expect(
      loneSurrogatePaths({
        emoji: 'ok \u{1F3AF}',
        a: ['x\ud800', { b: '\udfffy' }],
        ['k\ud800']: 1,
        c: '\ud83c\udfaf',
      }),
    ).toEqual(expect.arrayContaining(['a.0', 'a.1.b', 'k\\ud800']));
    expect(loneSurrogatePaths({ emoji: '\u{1F3AF}', n: 1 })).toEqual([]);
  });
});

/**
 * JSON may escape a lone surrogate (`"\ud800"`), which is no character: PostgreSQL's jsonb
 * refuses it (a device report answered 500 and stored nothing, the device retrying in vain), and
 * text stores U+FFFD in its place (an arcade's name changed without a word).
 */
describe('an unpaired surrogate in any free text is a 400 with the field, never a 500', () => {
  let t: TestApp;
  let device: TestDevice;

  beforeAll(async () => {
    t = await createTestApp();
    await addArcade(t);
    device = await addDevice(t, 'test-arcade', 'arena-1');
  });
  afterAll(() => t.close());

  it('refuses it in device reports and registration, storing nothing', async () => {
    const newcomer = await t.issuer.mint('sub-newcomer');
    const cases = [
      {
        name: 'device report guest name',
        method: 'POST',
        path: '/api/device/v1/games',
        headers: device.headers,
        body: report({
          players: [{ guestName: 'Gast\ud800', kills: 1, deaths: 1, score: 1, teamId: 1 }],
        }),
        field: 'players.0.guestName',
      },
      {
        name: 'device report team name',
        method: 'POST',
        path: '/api/device/v1/games',
        headers: device.headers,
        body: report({
          teams: [
            { id: 1, name: 'Rot\udc00', score: 3 },
            { id: 2, name: 'Blau', score: 1 },
          ],
          players: [{ guestName: 'Gast', kills: 1, deaths: 1, score: 1, teamId: 1 }],
        }),
        field: 'teams.0.name',
      },
      {
        name: 'registration instagram',
        method: 'POST',
        path: '/api/v2/user/registration',
        token: newcomer,
        body: { username: 'Neo', mail: 'neo@example.com', agb: true, instagram: 'neo\ud800' },
        field: 'instagram',
      },
      {
        // The escape in capitals, as another client may write it, and in a key.
        name: 'registration, escaped in capitals',
        method: 'POST',
        path: '/api/v2/user/registration',
        token: newcomer,
        body: '{"username":"Neo","mail":"neo@example.com","agb":true,"instagram":"neo\\uDBFF"}',
        field: 'instagram',
      },
      {
        name: 'registration, a key',
        method: 'POST',
        path: '/api/v2/user/registration',
        token: newcomer,
        body: '{"username":"Neo","mail":"neo@example.com","agb":true,"x\\uDFFF":1}',
        field: 'x\\udfff',
      },
    ];
    const before = await t.counts(...TABLES);
    for (const c of cases) {
      const res = await t.request(c.method, c.path, {
        token: c.token,
        headers: c.headers,
        body: c.body,
      });
      expect(res.status, `${c.name}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error.code, c.name).toBe('validation_failed');
      expect(
        res.body.error.details.map((d: { path: string }) => d.path),
        c.name,
      ).toContain(c.field);
    }
    expect(await t.counts(...TABLES)).toEqual(before);
  });
});

describe('NUL and malformed ids on the identity pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ embeddedIdentity: true });
  });
  afterAll(() => t.close());

  it('answers an interaction id outside the expected form with 400 naming uid', async () => {
    for (const uid of ['a%20b', `${'x'.repeat(65)}`, 'a.b', '%C3%A4']) {
      for (const suffix of ['', '/signup', '/abort']) {
        const res = await t.request('GET', `/oidc/interaction/${uid}${suffix}`);
        expect(res.status, `${uid}${suffix}`).toBe(400);
        expect(res.body.error.details).toEqual([{ path: 'uid', message: expect.any(String) }]);
      }
    }
    const post = await t.request('POST', '/oidc/interaction/a.b/login', {
      body: 'email=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.status).toBe(400);
  });

  it('refuses NUL in the sign-up and forgot forms and in provider queries, storing nothing', async () => {
    const client = new TestOidcClient(t.url);
    const { browser } = client;
    const signIn = await client.begin();
    const signUpPage = await browser.navigate(
      new URL(/href="([^"]*\/signup)"/.exec(signIn.text)![1]!, signIn.url).href,
    );
    const { action, fields } = formOf(signUpPage.text);
    const before = await t.counts('accounts');
    const res = await browser.request(new URL(action, signUpPage.url).href, {
      form: {
        ...fields,
        email: `a${NUL}@example.com`,
        nickname: 'Nul',
        password: 'correct-horse-1',
      },
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).error.details).toEqual([
      { path: 'email', message: expect.any(String) },
    ]);
    const forgot = await browser.request('/oidc/forgot', {
      form: { csrf: fields.csrf ?? '', email: `a${NUL}@example.com` },
    });
    expect(forgot.status).toBe(400);
    const authorize = await browser.request(`/oidc/authorize?client_id=x&state=a%00b`);
    expect(authorize.status).toBe(400);
    // Forms the provider parses itself: a NUL code is just an unknown code.
    const token = await client.token({
      grant_type: 'authorization_code',
      code: `abc${NUL}def`,
      redirect_uri: client.redirectUri,
      code_verifier: 'x'.repeat(43),
    });
    expect(token.status).toBe(400);
    expect(token.body.error).toBe('invalid_grant');
    expect(await t.counts('accounts')).toEqual(before);
  });
});
