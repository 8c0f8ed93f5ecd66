import {
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  importJWK,
  SignJWT,
  type JWK,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { command as keysCommand } from '../../admin/commands/keys';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { publishedKeys } from './local-verifier';
import { listSigningKeys } from './signing-keys';
import { TestOidcClient, type Tokens } from '../../../test/support/oidc-client';

const account = { email: 'keys@example.org', password: 'rotate-Keys-42', nickname: 'Keymaster' };

async function me(t: TestApp, token: string) {
  return (await t.request('GET', '/api/v2/user/me', { token })).status;
}

describe('embedded identity provider: signing keys, restart, foreign tokens', () => {
  let t: TestApp;
  let client: TestOidcClient;
  let before: Tokens;
  let oldKid: string;

  beforeAll(async () => {
    t = await createTestApp({ embeddedIdentity: true });
    client = new TestOidcClient(t.url);
    before = await client.tokens(await client.signUp(account));
    oldKid = decodeProtectedHeader(before.access_token).kid!;
  });
  afterAll(() => t.close());

  it('generated one RS256 key on first start, and the JWKS and the API verifier agree on it', async () => {
    const rows = await listSigningKeys(t.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.kid).toBe(oldKid);
    expect(rows[0]!.retiredAt).toBeNull();
    const jwks = (await t.request('GET', '/oidc/jwks')).body;
    expect(jwks.keys.map((k: JWK) => k.kid)).toEqual([oldKid]);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect((await publishedKeys(t.db)).map((k) => k.kid)).toEqual([oldKid]);
    expect(decodeProtectedHeader(before.id_token!).kid).toBe(oldKid);
  });

  it('publishes the JWKS and endpoints in discovery, with the spec paths', async () => {
    const doc = (await t.request('GET', '/oidc/.well-known/openid-configuration')).body;
    expect(doc).toMatchObject({
      issuer: `${t.url}/oidc`,
      authorization_endpoint: `${t.url}/oidc/authorize`,
      token_endpoint: `${t.url}/oidc/oauth/token`,
      end_session_endpoint: `${t.url}/oidc/v2/logout`,
      jwks_uri: `${t.url}/oidc/jwks`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(doc.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'offline_access', 'profile', 'email']),
    );
  });

  it('rotates with `keys rotate`: old tokens stay valid, new tokens use the new kid', async () => {
    const out: string[] = [];
    const code = await keysCommand.run(['rotate'], {
      db: t.db,
      config: t.config,
      events: t.app.events,
      out: (l) => out.push(l),
    });
    expect(code).toBe(0);
    const rows = await listSigningKeys(t.db);
    const fresh = rows.find((r) => !r.retiredAt)!;
    const old = rows.find((r) => r.kid === oldKid)!;
    expect(fresh.kid).not.toBe(oldKid);
    expect(out[0]).toBe(`new current key ${fresh.kid}`);
    expect(old.retiredAt).not.toBeNull();
    // Published for the longest token lifetime (1 h) plus leeway.
    const published = old.removeAfter!.getTime() - old.retiredAt!.getTime();
    expect(published).toBeGreaterThanOrEqual(3600_000);
    expect(published).toBeLessThan(3700_000);

    expect(await t.app.identity!.holder.reload()).toBe(true);
    const jwks = (await t.request('GET', '/oidc/jwks')).body;
    expect(jwks.keys.map((k: JWK) => k.kid).sort()).toEqual([fresh.kid, oldKid].sort());

    expect(await me(t, before.access_token)).toBe(404);
    const refreshed = await client.refresh(before.refresh_token!);
    expect(refreshed.status).toBe(200);
    const access = refreshed.body.access_token as string;
    expect(decodeProtectedHeader(access).kid).toBe(fresh.kid);
    expect(decodeProtectedHeader(refreshed.body.id_token as string).kid).toBe(fresh.kid);
    expect(await me(t, access)).toBe(404);
    before = { ...before, ...(refreshed.body as unknown as Tokens) };

    const list: string[] = [];
    await keysCommand.run(['list'], {
      db: t.db,
      config: t.config,
      events: t.app.events,
      out: (l) => list.push(l),
    });
    expect(list.join('\n')).toMatch(new RegExp(`${oldKid}\\s+retired \\(still published\\)`));
    expect(list.join('\n')).toMatch(new RegExp(`${fresh.kid}\\s+current`));
  });

  it('keeps sessions, grants and refresh tokens across a restart on the same database', async () => {
    const issuedBefore = before.refresh_token!;
    await t.restart();
    const refreshed = await client.refresh(issuedBefore);
    expect(refreshed.status).toBe(200);
    expect(await me(t, refreshed.body.access_token as string)).toBe(404);
    before = { ...before, ...(refreshed.body as unknown as Tokens) };
    // The browser's session survived too: a silent sign-in needs no password.
    const silent = await client.begin({ prompt: 'none' });
    expect(client.codeFrom(silent.leftFor)).toBeTruthy();
  });

  it('drops a retired key once its tokens have expired; its tokens are refused', async () => {
    const stale = await client.tokens(
      client.codeFrom((await client.begin({ prompt: 'none' })).leftFor),
    );
    const rows = await listSigningKeys(t.db);
    const current = rows.find((r) => !r.retiredAt)!;
    // Sign a token with the current key, then let that key expire after a rotation.
    await keysCommand.run(['rotate'], {
      db: t.db,
      config: t.config,
      events: t.app.events,
      out: () => {},
    });
    await t.db.execute(
      `update signing_keys set remove_after = now() - interval '1 second' where retired_at is not null`,
    );
    await t.restart();
    const kids = (await t.request('GET', '/oidc/jwks')).body.keys.map((k: JWK) => k.kid);
    expect(kids).toHaveLength(1);
    expect(kids).not.toContain(current.kid);
    expect(decodeProtectedHeader(stale.access_token).kid).toBe(current.kid);
    expect(await me(t, stale.access_token)).toBe(401);
  });

  it('refuses tokens from another key, another issuer or for another audience', async () => {
    const [row] = (await listSigningKeys(t.db)).filter((r) => !r.retiredAt);
    const realKey = await importJWK(row!.privateJwk as JWK, 'RS256');
    const sub = decodeJwt(before.access_token).sub!;
    const sign = (key: Parameters<SignJWT['sign']>[0], claims: { iss?: string; aud?: string }) =>
      new SignJWT({ scope: 'read:users read:arcade read:games read:visits' })
        .setProtectedHeader({ alg: 'RS256', kid: row!.kid, typ: 'at+jwt' })
        .setSubject(sub)
        .setIssuer(claims.iss ?? `${t.url}/oidc`)
        .setAudience(claims.aud ?? t.config.auth.audience)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(key);
    // The control: signed with the real key and the right claims, it is accepted.
    expect(await me(t, await sign(realKey, {}))).toBe(404);
    const foreign = await generateKeyPair('RS256');
    expect(await me(t, await sign(foreign.privateKey, {}))).toBe(401);
    expect(await me(t, await sign(realKey, { iss: 'https://evil.example/oidc' }))).toBe(401);
    expect(await me(t, await sign(realKey, { aud: 'https://other.example/api' }))).toBe(401);
    // An ID token is for the client, not the API.
    expect(await me(t, before.id_token!)).toBe(401);
  });
});
