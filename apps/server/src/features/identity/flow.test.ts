import { createHash } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_SCOPES } from '@arcadia/contracts';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { formOf } from '../../../test/support/browser';
import { TestOidcClient, type Tokens } from '../../../test/support/oidc-client';

const password = 'arcade-Fan-2024';

describe('embedded identity provider: sign-up, sign-in, tokens', () => {
  let t: TestApp;
  let client: TestOidcClient;
  let first: Tokens;
  const email = 'Nova@Example.org';

  beforeAll(async () => {
    t = await createTestApp({ embeddedIdentity: true });
    client = new TestOidcClient(t.url);
  });
  afterAll(() => t.close());

  it('creates an account through the pages and returns a code for the app (PKCE S256)', async () => {
    const code = await client.signUp({ email, password, nickname: 'Nova' });
    expect(code).toMatch(/^[\w-]{20,}$/);
    first = await client.tokens(code);
    expect(first.token_type).toBe('Bearer');
    expect(first.refresh_token).toBeTruthy();
    expect(await t.counts('accounts')).toEqual({ accounts: 1 });
  });

  it('issues RS256 JWT access tokens for the API audience with the API scopes', async () => {
    const header = decodeProtectedHeader(first.access_token);
    expect(header.alg).toBe('RS256');
    expect(header.typ).toBe('at+jwt');
    const claims = decodeJwt(first.access_token);
    expect(claims.iss).toBe(`${t.url}/oidc`);
    expect(claims.aud).toBe(t.config.auth.audience);
    expect(String(claims.scope).split(' ').sort()).toEqual([
      'read:arcade',
      'read:games',
      'read:users',
      'read:visits',
    ]);
    expect(claims.sub).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('issues ID tokens with sub, email and nickname for the client', async () => {
    const claims = decodeJwt(first.id_token!);
    expect(claims).toMatchObject({
      iss: `${t.url}/oidc`,
      aud: 'arcadia-web',
      email: 'nova@example.org',
      nickname: 'Nova',
      nonce: client.nonce,
    });
    expect(claims.sub).toBe(decodeJwt(first.access_token).sub);
    const [account] = (await t.db.execute<{ id: string }>('select id from accounts')).rows;
    expect(claims.sub).toBe(account!.id);
  });

  it('has the API accept the access token (404 not registered, not 401)', async () => {
    const res = await t.request('GET', '/api/v2/user/me', { token: first.access_token });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_registered');
  });

  it('signs in again with e-mail (any case) and password', async () => {
    const fresh = new TestOidcClient(t.url);
    const code = await fresh.signIn('nova@EXAMPLE.org', password);
    const tokens = await fresh.tokens(code);
    expect(decodeJwt(tokens.access_token).sub).toBe(decodeJwt(first.access_token).sub);
  });

  it('refuses a wrong PKCE verifier, and the code cannot be used again afterwards', async () => {
    const fresh = new TestOidcClient(t.url);
    const code = await fresh.signIn(email, password);
    const wrong = await fresh.exchange(code, 'x'.repeat(43));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
  });

  it('refuses an authorization request without PKCE or with the plain method', async () => {
    const fresh = new TestOidcClient(t.url);
    const plain = await fresh.begin({
      code_challenge_method: 'plain',
      code_challenge: 'a'.repeat(43),
    });
    expect(new URL(plain.leftFor!).searchParams.get('error')).toBe('invalid_request');
    const none = new TestOidcClient(t.url);
    const url = new URL(none.authorizeUrl(), t.url);
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const missing = await none.browser.navigate(url.href);
    expect(new URL(missing.leftFor!).searchParams.get('error')).toBe('invalid_request');
  });

  it('rotates refresh tokens; reusing a spent one revokes the chain', async () => {
    const fresh = new TestOidcClient(t.url);
    const tokens = await fresh.tokens(await fresh.signIn(email, password));
    const r1 = tokens.refresh_token!;
    const second = await fresh.refresh(r1);
    expect(second.status).toBe(200);
    const r2 = second.body.refresh_token as string;
    expect(r2).toBeTruthy();
    expect(r2).not.toBe(r1);
    const api = await t.request('GET', '/api/v2/user/me', {
      token: second.body.access_token as string,
    });
    expect(api.status).toBe(404);
    const third = await fresh.refresh(r2);
    expect(third.status).toBe(200);
    const r3 = third.body.refresh_token as string;

    // r1 again: refused, and the whole grant goes with it — the newest token too.
    const reuse = await fresh.refresh(r1);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
    const newest = await fresh.refresh(r3);
    expect(newest.status).toBe(400);
    expect(newest.body.error).toBe('invalid_grant');
  });

  it('logs out (RP-initiated) with a confirmation page, ending the session and the grant', async () => {
    const fresh = new TestOidcClient(t.url);
    const tokens = await fresh.tokens(await fresh.signIn(email, password));
    const params = new URLSearchParams({
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: `${t.url}/`,
      state: 'bye',
    });
    const confirm = await fresh.browser.navigate(`/oidc/v2/logout?${params.toString()}`);
    expect(confirm.status).toBe(200);
    expect(confirm.headers.get('cache-control')).toContain('no-store');
    expect(confirm.text).toContain('Möchtest du dich von Arcadia abmelden?');
    const form = formOf(confirm.text);
    const done = await fresh.browser.navigate(new URL(form.action, confirm.url).href, {
      form: { ...form.fields, logout: 'yes' },
    });
    expect(done.leftFor).toBe(`${t.url}/?state=bye`);

    // The session is gone: a silent request now needs a login.
    const silent = await fresh.begin({ prompt: 'none' });
    expect(new URL(silent.leftFor!).searchParams.get('error')).toBe('login_required');
    // And so are its refresh tokens.
    const refreshed = await fresh.refresh(tokens.refresh_token!);
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it('renews silently (prompt=none) while the session lasts', async () => {
    const fresh = new TestOidcClient(t.url);
    await fresh.tokens(await fresh.signIn(email, password));
    const silent = await fresh.begin({ prompt: 'none', scope: AUTH_SCOPES });
    const code = fresh.codeFrom(silent.leftFor);
    const tokens = await fresh.tokens(code);
    expect(decodeJwt(tokens.access_token).aud).toBe(t.config.auth.audience);
  });

  it("lets the provider's auto-submitted logout form run under the CSP (hash of that one script)", async () => {
    const res = await fetch(`${t.url}/oidc/v2/logout`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const csp = res.headers.get('content-security-policy')!;
    const hash = createHash('sha256').update(script).digest('base64');
    expect(csp).toContain(`script-src 'sha256-${hash}'`);
    expect(csp).not.toMatch(/script-src[^;]*'none'/);
    // Every other page of the provider runs no script at all.
    const discovery = await fetch(`${t.url}/oidc/.well-known/openid-configuration`);
    expect(discovery.headers.get('content-security-policy')).toContain("script-src 'none'");
  });

  it('registers a profile with the embedded token; deleting the profile ends the identity', async () => {
    const player = { email: 'leaving@example.org', password: 'goodbye-Pass-1', nickname: 'Leaver' };
    const fresh = new TestOidcClient(t.url);
    const tokens = await fresh.tokens(await fresh.signUp(player));
    const registered = await t.request('POST', '/api/v2/user/registration', {
      token: tokens.access_token,
      body: { username: 'Leaver', mail: player.email, agb: true, marketingConsent: false },
    });
    expect(registered.status).toBe(201);
    const mine = await t.request('GET', '/api/v2/user/me', { token: tokens.access_token });
    expect(mine.status).toBe(200);

    const deleted = await t.request('DELETE', `/api/v2/user/${registered.body.id}`, {
      token: tokens.access_token,
    });
    expect(deleted.status).toBe(200);
    const sub = decodeJwt(tokens.access_token).sub!;
    const left = await t.db.execute<{ n: number }>(
      `select (select count(*) from accounts where id = '${sub}')::int
            + (select count(*) from oidc_models where payload->>'accountId' = '${sub}')::int as n`,
    );
    expect(left.rows[0]!.n).toBe(0);
    expect((await fresh.refresh(tokens.refresh_token!)).body.error).toBe('invalid_grant');
    const again = new TestOidcClient(t.url);
    const page = await again.submit(await again.begin(), {
      email: player.email,
      password: player.password,
    });
    expect(page.status).toBe(401);
  });
});
