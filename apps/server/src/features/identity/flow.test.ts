import { createHash } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_SCOPES } from '@arcadia/contracts';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { formOf } from '../../../test/support/browser';
import { TestOidcClient, type Tokens } from '../../../test/support/oidc-client';
import { REVEAL_PASSWORD_SCRIPT_HASH } from './views/reveal-password';

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
    // Its access tokens stop too: the one a thief holds (issued with r2 or r3) among them.
    for (const token of [tokens.access_token, third.body.access_token as string]) {
      const after = await t.request('GET', '/api/v2/user/me', { token });
      expect(after.status).toBe(401);
      expect(after.body.error.message).toBe('This token was signed out');
    }
  });

  it('one refresh token sent 8 times at once: one answer, the other refused, the chain revoked', async () => {
    const fresh = new TestOidcClient(t.url);
    const tokens = await fresh.tokens(await fresh.signIn(email, password));
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => fresh.refresh(tokens.refresh_token!)),
    );
    const granted = answers.filter((a) => a.status === 200);
    expect(granted.length).toBeLessThanOrEqual(1);
    expect(answers.filter((a) => a.body.error === 'invalid_grant').length).toBeGreaterThanOrEqual(
      2,
    );
    // Whoever won holds a chain that was revoked with the reuse: its tokens stop too.
    for (const won of granted) {
      expect((await fresh.refresh(won.body.refresh_token as string)).body.error).toBe(
        'invalid_grant',
      );
      const api = await t.request('GET', '/api/v2/user/me', {
        token: won.body.access_token as string,
      });
      expect(api.status).toBe(401);
    }
  });

  it('one authorization code exchanged 8 times at once gives tokens once', async () => {
    const fresh = new TestOidcClient(t.url);
    const code = await fresh.signIn(email, password);
    const answers = await Promise.all(Array.from({ length: 8 }, () => fresh.exchange(code)));
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
    expect(answers.filter((a) => a.body.error === 'invalid_grant').length).toBeGreaterThanOrEqual(
      2,
    );
  });

  it('revoking a refresh token at the revocation endpoint ends its access tokens too', async () => {
    const fresh = new TestOidcClient(t.url);
    const tokens = await fresh.tokens(await fresh.signIn(email, password));
    const me = () => t.request('GET', '/api/v2/user/me', { token: tokens.access_token });
    expect((await me()).status).toBe(404);
    // This process drops the grant from its cache of verified tokens before it answers, not
    // when its own notification comes back: the next request must not race it (CI lost once).
    const forgotten: string[] = [];
    const forgetToken = t.app.forgetToken.bind(t.app);
    t.app.forgetToken = (name) => {
      forgotten.push(name);
      forgetToken(name);
    };
    const revoked = await fresh.revoke(tokens.refresh_token!).finally(() => {
      t.app.forgetToken = forgetToken;
    });
    expect(revoked.status).toBe(200);
    expect(forgotten).toEqual([`grant:${decodeJwt(tokens.access_token).gid as string}`]);
    expect((await fresh.refresh(tokens.refresh_token!)).body.error).toBe('invalid_grant');
    expect((await me()).status).toBe(401);
  });

  it("signs the app's own player out in one step: no question, session and grant end, back to /", async () => {
    const fresh = new TestOidcClient(t.url);
    const tokens = await fresh.tokens(await fresh.signIn(email, password));
    const params = new URLSearchParams({
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: `${t.url}/`,
      state: 'bye',
    });
    // 404: the access token is taken (this account has no profile); 401: refused.
    const me = () =>
      fetch(`${t.url}/api/v2/user/me`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
    expect((await me()).status).toBe(404);
    const page = await fresh.browser.navigate(`/oidc/v2/logout?${params.toString()}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toContain('no-store');
    // Nothing to answer: the form says logout=yes and a script posts it at once, allowed by
    // its hash and nothing else.
    expect(page.text).not.toContain('Möchtest du dich von Arcadia abmelden?');
    expect(page.text).not.toContain('Nein, angemeldet bleiben');
    const form = formOf(page.text);
    expect(form.fields.logout).toBe('yes');
    const script = /<script>([\s\S]*?)<\/script>/.exec(page.text)![1]!;
    expect(script).toContain("getElementById('op.logoutForm').submit()");
    const hash = createHash('sha256').update(script).digest('base64');
    expect(page.headers.get('content-security-policy')).toContain(
      `script-src 'sha256-${REVEAL_PASSWORD_SCRIPT_HASH}' 'sha256-${hash}'`,
    );
    const done = await fresh.browser.navigate(new URL(form.action, page.url).href, {
      form: form.fields,
    });
    expect(done.leftFor).toBe(`${t.url}/?state=bye`);

    // The session is gone: a silent request now needs a login.
    const silent = await fresh.begin({ prompt: 'none' });
    expect(new URL(silent.leftFor!).searchParams.get('error')).toBe('login_required');
    // And so are its refresh tokens, and its access tokens.
    const refreshed = await fresh.refresh(tokens.refresh_token!);
    expect(refreshed.body.error).toBe('invalid_grant');
    expect((await me()).status).toBe(401);
  });

  it("asks when the hint is another account's; 'No, stay signed in' keeps the session and the app's grant", async () => {
    const player = new TestOidcClient(t.url);
    const mine = await player.tokens(await player.signIn(email, password));
    const stranger = new TestOidcClient(t.url);
    const theirs = await stranger.tokens(
      await stranger.signUp({ email: 'stranger@example.org', password, nickname: 'Stranger' }),
    );
    const params = new URLSearchParams({
      id_token_hint: theirs.id_token!,
      post_logout_redirect_uri: `${t.url}/`,
    });
    const ask = await player.browser.navigate(`/oidc/v2/logout?${params.toString()}`);
    expect(ask.status).toBe(200);
    expect(ask.text).toContain('Möchtest du dich von Arcadia abmelden?');
    // No script but the password fields' (none here).
    const scriptSrc = (csp: string | null) =>
      csp?.split('; ').find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc(ask.headers.get('content-security-policy'))).toBe(
      `script-src 'sha256-${REVEAL_PASSWORD_SCRIPT_HASH}'`,
    );
    expect(ask.text).not.toContain('<script');
    const stay = /<a class="button secondary" href="([^"]+)">\s*Nein, angemeldet bleiben/.exec(
      ask.text,
    );
    expect(stay?.[1]).toBe(`${t.url}/`);

    // Following it changes nothing: the session still signs in silently, the app's refresh
    // token still works.
    const silent = await player.begin({ prompt: 'none' });
    expect(player.codeFrom(silent.leftFor)).toBeTruthy();
    expect((await player.refresh(mine.refresh_token!)).status).toBe(200);
  });

  it('asks without a hint too (a link from anywhere), in the app look', async () => {
    const player = new TestOidcClient(t.url);
    await player.tokens(await player.signIn(email, password));
    const ask = await player.browser.navigate('/oidc/v2/logout');
    expect(ask.text).toContain('Möchtest du dich von Arcadia abmelden?');
    expect(ask.text).toMatch(/<a class="button secondary" href="[^"]+\/">/);
    expect(ask.text).toContain('class="brand-name"');
  });

  it("the app's sign-out after the provider's session is gone returns to the app in one step", async () => {
    const player = new TestOidcClient(t.url);
    const tokens = await player.tokens(await player.signIn(email, password));
    const params = new URLSearchParams({
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: `${t.url}/`,
      state: 'later',
    });
    // Another browser's cookies: this one holds no session at the provider.
    const elsewhere = new TestOidcClient(t.url);
    const page = await elsewhere.browser.navigate(`/oidc/v2/logout?${params.toString()}`);
    expect(page.text).toContain('Du wirst abgemeldet …');
    expect(page.text).not.toContain('Möchtest du dich von Arcadia abmelden?');
    const form = formOf(page.text);
    const done = await elsewhere.browser.navigate(new URL(form.action, page.url).href, {
      form: form.fields,
    });
    expect(done.leftFor).toBe(`${t.url}/?state=later`);
  });

  it('renews silently (prompt=none) while the session lasts', async () => {
    const fresh = new TestOidcClient(t.url);
    await fresh.tokens(await fresh.signIn(email, password));
    const silent = await fresh.begin({ prompt: 'none', scope: AUTH_SCOPES });
    const code = fresh.codeFrom(silent.leftFor);
    const tokens = await fresh.tokens(code);
    expect(decodeJwt(tokens.access_token).aud).toBe(t.config.auth.audience);
  });

  it("signs out at once, in the app look, when the provider's session is gone; the form's script runs under the CSP (its hash)", async () => {
    const res = await fetch(`${t.url}/oidc/v2/logout`);
    expect(res.status).toBe(200);
    const html = await res.text();
    // Not the provider's bare page ('Submitting Callback', an English 'Continue' without scripts).
    expect(html).not.toContain('Submitting Callback');
    expect(html).toContain('class="brand-name"');
    expect(html).toContain('<title>Abmelden · Arcadia</title>');
    expect(html).toContain('Du wirst abgemeldet …');
    expect(formOf(html).fields.logout).toBe('yes');
    const english = await fetch(`${t.url}/oidc/v2/logout`, {
      headers: { 'accept-language': 'en' },
    });
    expect(await english.text()).toContain('<title>Sign out · Arcadia</title>');
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const csp = res.headers.get('content-security-policy')!;
    const hash = createHash('sha256').update(script).digest('base64');
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(csp).not.toMatch(/script-src[^;]*'none'/);
    // Every other page of the provider runs no script at all.
    const discovery = await fetch(`${t.url}/oidc/.well-known/openid-configuration`);
    expect(discovery.headers.get('content-security-policy')).toContain("script-src 'none'");
  });

  it('answers discovery and redirects at PUBLIC_URL, whatever Host or X-Forwarded-* a client sends', async () => {
    const forged = {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    };
    const res = await t.request('GET', '/oidc/.well-known/openid-configuration', {
      headers: forged,
    });
    expect(res.status).toBe(200);
    const doc = res.body as Record<string, unknown>;
    expect(JSON.stringify(doc)).not.toContain('evil.example');
    for (const key of ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'])
      expect(String(doc[key]), key).toMatch(new RegExp(`^${t.config.publicUrl}/`));
    // A redirect of the provider (to its sign-in page) too.
    const auth = await fetch(`${t.url}/oidc/auth?client_id=nobody`, {
      headers: forged,
      redirect: 'manual',
    });
    expect(auth.headers.get('location') ?? '').not.toContain('evil.example');
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
