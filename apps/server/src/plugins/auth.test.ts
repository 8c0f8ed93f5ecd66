import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGB_VERSION, parseClaimCode } from '@arcadia/contracts';
import { createTestApp, type TestApp } from '../../test/support/app';
import {
  addArcade,
  addDevice,
  deviceRequest,
  report,
  reportPlayed,
} from '../../test/support/arcade';
import { TEST_AUDIENCE } from '../../test/support/issuer';

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** Writes: a rejected call must leave the tables as they were. */
  writes?: boolean;
  /** The identity the token is for; registration uses one without a profile. */
  as?: string;
  /** The answer to a valid token when it is not 200. */
  ok?: number;
}

/**
 * The token rules of the API, applied to every player route of spec §7: each kind of bad token is
 * refused with 401 (or 403 for a missing scope), and a refused write writes nothing.
 */
describe('bearer token verification on every player route', () => {
  let t: TestApp;
  const sub = 'sub-owner';
  let ownerId: string;
  let friendId: string;
  let routes: Route[];

  beforeAll(async () => {
    t = await createTestApp();
    const register = async (s: string, username: string) => {
      const res = await t.request('POST', '/api/v2/user/registration', {
        token: await t.issuer.mint(s),
        body: { username, mail: `${username}@example.com`, agb: true },
      });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    ownerId = await register(sub, 'Owner');
    friendId = await register('sub-friend', 'Friendly');
    const befriend = await t.request('POST', '/api/user/me/friends', {
      token: await t.issuer.mint(sub),
      body: { friendId },
    });
    expect(befriend.status).toBe(201);
    // A guest's result with its claim code: previewing it succeeds with a valid token.
    await addArcade(t);
    const device = await addDevice(t, 'test-arcade', 'claims');
    const game = await reportPlayed(
      t,
      device,
      report({
        type: 'freeforall',
        teams: [],
        players: [{ guestName: 'Gus', kills: 1, deaths: 1, score: 10 }],
      }),
    );
    const claims = await deviceRequest(t, device)('POST', `/games/${game.body.id}/claims`, {});
    const claimToken = parseClaimCode(claims.body.claims[0].url)!;
    routes = [
      { method: 'GET', path: '/api/v2/user/me' },
      {
        method: 'POST',
        path: '/api/v2/user/registration',
        body: { username: 'Intruder', mail: 'intruder@example.com', agb: true },
        writes: true,
        as: 'sub-newcomer',
      },
      { method: 'GET', path: `/api/user/${friendId}/details` },
      { method: 'GET', path: `/api/user/${friendId}` },
      { method: 'GET', path: '/api/user?searchterm=friend' },
      { method: 'GET', path: '/api/user/me/friends' },
      { method: 'GET', path: `/api/user/${ownerId}/friends` },
      { method: 'POST', path: '/api/user/me/friends', body: { friendId }, writes: true },
      { method: 'GET', path: '/api/v2/user/me/friends' },
      {
        method: 'POST',
        path: '/api/v2/user/me/friends',
        body: { friendToAddId: friendId },
        writes: true,
      },
      { method: 'GET', path: `/api/v2/user/${ownerId}/friends` },
      { method: 'GET', path: '/api/v2/user/id/friends' },
      { method: 'GET', path: '/api/me/export' },
      { method: 'GET', path: `/api/user/${friendId}/trends?application=commando` },
      { method: 'GET', path: `/api/user/${friendId}/achievements` },
      { method: 'PUT', path: '/api/v2/user/me/agb', body: { version: AGB_VERSION }, writes: true },
      { method: 'GET', path: `/api/user/me/friends/${friendId}/compare` },
      // Only accounts of the embedded provider have a verification mail; the test issuer is not
      // it, so a valid token gets 404 here: the refusals below are what these rows check.
      { method: 'GET', path: '/api/me/verification-mail', ok: 404 },
      { method: 'POST', path: '/api/me/verification-mail', writes: true },
      // Ticking marketing mails sends a confirmation mail (a parent's under 16).
      {
        method: 'PATCH',
        path: '/api/v2/user/me',
        body: { marketingConsent: true },
        writes: true,
      },
      { method: 'DELETE', path: `/api/user/me/friends/${friendId}`, writes: true },
      { method: 'GET', path: `/api/claims/${claimToken}` },
      { method: 'POST', path: `/api/claims/${claimToken}`, writes: true },
      { method: 'POST', path: '/api/v2/user/logout', writes: true },
      { method: 'DELETE', path: `/api/v2/user/${ownerId}`, writes: true },
    ];
  });
  afterAll(() => t.close());

  /**
   * Sends the Authorization header `header(sub)` to every route, the sub being one whose token,
   * wrongly accepted, would succeed (and write), and expects each route to refuse.
   */
  async function everyRouteRefuses(
    header: (sub: string) => string | undefined | Promise<string | undefined>,
    status: number,
    code: string,
  ) {
    for (const route of routes) {
      const authorization = await header(route.as ?? sub);
      const headers: Record<string, string> = authorization ? { authorization } : {};
      const tables = [
        'users',
        'friendships',
        'player_stats',
        'marketing_consents',
        'marketing_tokens',
        'revoked_tokens',
      ];
      const before = await t.counts(...tables);
      const res = await t.request(route.method, route.path, { body: route.body, headers });
      const label = `${route.method} ${route.path}`;
      expect(res.status, label).toBe(status);
      expect(res.body, label).toEqual({
        error: { code, message: expect.any(String) },
      });
      if (route.writes) expect(await t.counts(...tables), label).toEqual(before);
    }
  }
  const bearer = (mint: (sub: string) => string | Promise<string>) => async (s: string) =>
    `Bearer ${await mint(s)}`;

  it('accepts a valid token on every route (the baseline the refusals are measured against)', async () => {
    const token = await t.issuer.mint(sub);
    for (const route of routes.filter((r) => !r.writes)) {
      const res = await t.request(route.method, route.path, { token });
      expect(res.status, `${route.method} ${route.path}`).toBe(route.ok ?? 200);
    }
  });

  it('refuses a request without a token', async () => {
    await everyRouteRefuses(() => undefined, 401, 'unauthorized');
  });

  it('refuses an Authorization header that is not a bearer token', async () => {
    const basic = `Basic ${Buffer.from('neo:pw').toString('base64')}`;
    await everyRouteRefuses(() => basic, 401, 'unauthorized');
    await everyRouteRefuses(() => 'Bearer', 401, 'unauthorized');
    await everyRouteRefuses(() => 'Bearer not-a-jwt', 401, 'unauthorized');
    // A valid token under another scheme is refused too.
    await everyRouteRefuses(async (s) => `Token ${await t.issuer.mint(s)}`, 401, 'unauthorized');
  });

  it('refuses a token signed by another key', async () => {
    await everyRouteRefuses(
      bearer((s) => t.issuer.mintWithForeignKey(s)),
      401,
      'unauthorized',
    );
  });

  it('refuses a token whose key id the issuer does not publish', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const mint = (s: string) => t.issuer.mint(s, { key: privateKey, kid: 'unknown-kid' });
    await everyRouteRefuses(bearer(mint), 401, 'unauthorized');
  });

  it('refuses a token for another audience', async () => {
    const mint = (s: string) => t.issuer.mint(s, { audience: 'https://other-api.example' });
    await everyRouteRefuses(bearer(mint), 401, 'unauthorized');
  });

  it('refuses a token from another issuer', async () => {
    const mint = (s: string) => t.issuer.mint(s, { issuer: 'https://evil.example' });
    await everyRouteRefuses(bearer(mint), 401, 'unauthorized');
  });

  it('refuses a token expired beyond the 60 s leeway, saying so', async () => {
    const mint = (s: string) => t.issuer.mint(s, { expiresIn: -90 });
    await everyRouteRefuses(bearer(mint), 401, 'unauthorized');
    const res = await t.request('GET', '/api/v2/user/me', { token: await mint(sub) });
    expect(res.body.error.message).toBe('The token has expired');
  });

  it('refuses a token not valid before a time beyond the leeway', async () => {
    const mint = (s: string) => t.issuer.mint(s, { notBefore: 120 });
    await everyRouteRefuses(bearer(mint), 401, 'unauthorized');
  });

  it('refuses an unsigned token (alg none)', async () => {
    await everyRouteRefuses(
      bearer((s) => t.issuer.unsigned(s)),
      401,
      'unauthorized',
    );
  });

  it('refuses an HS256 token keyed with the public key (algorithm confusion)', async () => {
    await everyRouteRefuses(
      bearer((s) => t.issuer.hs256WithPublicKey(s)),
      401,
      'unauthorized',
    );
  });

  it('refuses a valid token without the read:users scope with 403 insufficient_scope', async () => {
    const other = (s: string) => t.issuer.mint(s, { scopes: ['read:games', 'read:arcade'] });
    await everyRouteRefuses(bearer(other), 403, 'insufficient_scope');
    const none = (s: string) => t.issuer.mint(s, { scopes: [] });
    await everyRouteRefuses(bearer(none), 403, 'insufficient_scope');
  });

  it('accepts a token expired 30 s ago and one valid from 30 s on (60 s leeway)', async () => {
    for (const token of [
      await t.issuer.mint(sub, { expiresIn: -30 }),
      await t.issuer.mint(sub, { notBefore: 30 }),
    ]) {
      const res = await t.request('GET', '/api/v2/user/me', { token });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(ownerId);
    }
  });

  it('accepts scopes given as an scp list and an audience list that contains the API', async () => {
    const scp = await t.issuer.mint(sub, { extra: { scope: undefined, scp: ['read:users'] } });
    expect((await t.request('GET', '/api/v2/user/me', { token: scp })).status).toBe(200);
    const audiences = await t.issuer.mint(sub, {
      audience: ['https://other-api.example', TEST_AUDIENCE],
    });
    expect((await t.request('GET', '/api/v2/user/me', { token: audiences })).status).toBe(200);
  });

  it('takes the scheme name in any case, the token as it is', async () => {
    const token = await t.issuer.mint(sub);
    for (const scheme of ['bearer', 'BEARER']) {
      const res = await t.request('GET', '/api/v2/user/me', {
        headers: { authorization: `${scheme} ${token}` },
      });
      expect(res.status, scheme).toBe(200);
    }
    const [head, payload, signature] = token.split('.');
    const tampered = `${head}.${payload}.${signature!.toLowerCase()}`;
    expect((await t.request('GET', '/api/v2/user/me', { token: tampered })).status).toBe(401);
  });

  it('refuses an invalid token even on a public route', async () => {
    expect((await t.request('GET', '/api/health')).status).toBe(200);
    const res = await t.request('GET', '/api/health', { token: t.issuer.unsigned(sub) });
    expect(res.status).toBe(401);
  });

  it("refuses an invalid token on the marketing mail's public links too, which need none", async () => {
    const token = 'a'.repeat(43);
    for (const [link, status] of [
      [`/api/marketing/confirm?token=${token}`, 303],
      [`/api/marketing/unsubscribe?token=${token}`, 303],
      [`/api/marketing/parent-confirm?token=${token}`, 400],
    ] as const) {
      const anonymous = await fetch(`${t.url}${link}`, { redirect: 'manual' });
      expect(anonymous.status, link).toBe(status);
      const forged = await fetch(`${t.url}${link}`, {
        redirect: 'manual',
        headers: { authorization: `Bearer ${t.issuer.unsigned(sub)}` },
      });
      expect(forged.status, link).toBe(401);
    }
  });

  it('never lets one identity act as another: the token sub picks the profile', async () => {
    const friend = await t.issuer.mint('sub-friend');
    const res = await t.request('GET', '/api/v2/user/me', { token: friend });
    expect(res.body.id).toBe(friendId);
    const forged = await t.issuer.mintWithForeignKey(sub);
    const del = await t.request('DELETE', `/api/v2/user/${ownerId}`, { token: forged });
    expect(del.status).toBe(401);
    expect((await t.request('GET', `/api/user/${ownerId}`, { token: friend })).status).toBe(200);
  });
});
