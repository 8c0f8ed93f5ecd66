import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_SCOPES, authConfigSchema } from '@arcadia/contracts';
import { createTestApp, type TestApp } from '../../../test/support/app';

describe('GET /api/config with the embedded provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ embeddedIdentity: true });
  });
  afterAll(() => t.close());

  it('tells the app to sign in at /oidc with the first-party client', async () => {
    const res = await t.request('GET', '/api/config');
    expect(res.status).toBe(200);
    expect(authConfigSchema.parse(res.body)).toEqual({
      authority: `${t.url}/oidc`,
      clientId: 'arcadia-web',
      audience: `${t.url}/api`,
      scopes: 'openid profile email offline_access read:arcade read:users read:games read:visits',
      mode: 'embedded',
      nativeScheme: 'de.arcadia.app',
      publicUrl: t.url,
    });
    expect(res.body.scopes).toBe(AUTH_SCOPES);
  });

  it('registers the web callback and the native scheme, and refuses other redirect URIs', async () => {
    const authorize = (redirectUri: string) =>
      fetch(
        `${t.url}/oidc/authorize?${new URLSearchParams({
          client_id: 'arcadia-web',
          response_type: 'code',
          scope: 'openid',
          redirect_uri: redirectUri,
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
        }).toString()}`,
        { redirect: 'manual' },
      );
    for (const ok of [`${t.url}/login/callback`, 'de.arcadia.app://callback']) {
      const res = await authorize(ok);
      expect(res.status, ok).toBe(303);
      expect(res.headers.get('location'), ok).toMatch(/^\/oidc\/interaction\//);
    }
    for (const bad of [
      'https://evil.example/login/callback',
      'http://localhost:5173/login/callback',
      // The root is where signing out returns to, not a sign-in callback.
      `${t.url}/`,
    ]) {
      const res = await authorize(bad);
      expect(res.status, bad).toBe(400);
    }
  });
});

describe('GET /api/config with an external issuer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('names the external issuer, and the embedded provider is off', async () => {
    const res = await t.request('GET', '/api/config');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      authority: t.issuer.issuer,
      clientId: t.config.auth.clientId,
      audience: t.config.auth.audience,
      mode: 'external',
    });
    expect(t.app.identity).toBeNull();
    const discovery = await t.request('GET', '/oidc/.well-known/openid-configuration');
    expect(discovery.status).toBe(404);
    // The API takes the external issuer's tokens.
    const me = await t.request('GET', '/api/v2/user/me', { token: await t.issuer.mint('ext|123') });
    expect(me.status).toBe(404);
  });
});
