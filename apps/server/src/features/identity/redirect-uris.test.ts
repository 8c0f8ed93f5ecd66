import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';

/** What `npm start` runs with no PUBLIC_URL: production on http://localhost:8080. */
const PUBLIC_URL = 'http://localhost:8080';

function authorize(t: TestApp, redirectUri: string) {
  return fetch(
    `${t.url}/oidc/authorize?${new URLSearchParams({
      client_id: 'arcadia-web',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: redirectUri,
      state: 'some-state',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString()}`,
    { redirect: 'manual' },
  );
}

function logout(t: TestApp, postLogoutRedirectUri: string) {
  return fetch(
    `${t.url}/oidc/v2/logout?${new URLSearchParams({
      client_id: 'arcadia-web',
      post_logout_redirect_uri: postLogoutRedirectUri,
    }).toString()}`,
    { redirect: 'manual' },
  );
}

describe('redirect URIs in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      embeddedIdentity: true,
      env: { NODE_ENV: 'production', PUBLIC_URL },
    });
  });
  afterAll(() => t.close());

  it('sends codes only to the registered callback, never to another localhost port', async () => {
    const ok = await authorize(t, `${PUBLIC_URL}/login/callback`);
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toMatch(/^\/oidc\/interaction\//);
    for (const bad of [
      'http://localhost:9999/login/callback',
      'http://localhost/login/callback',
      'http://127.0.0.1:8080/login/callback',
      'http://localhost:5173/login/callback',
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/login/callback/`,
    ]) {
      const res = await authorize(t, bad);
      // An error page of the provider, no redirect anywhere (so no code either).
      expect(res.status, bad).toBe(400);
      expect(res.headers.get('location'), bad).toBeNull();
      expect(await res.text(), bad).toContain('redirect_uri');
    }
  });

  it('returns after signing out only to the registered addresses', async () => {
    expect((await logout(t, `${PUBLIC_URL}/`)).status).toBe(200);
    for (const bad of ['http://localhost:9999/', 'http://localhost/', 'http://127.0.0.1:8080/']) {
      const res = await logout(t, bad);
      expect(res.status, bad).toBe(400);
      expect(res.headers.get('location'), bad).toBeNull();
    }
  });
});

describe('redirect URIs in development', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ embeddedIdentity: true, env: { NODE_ENV: 'development' } });
  });
  afterAll(() => t.close());

  it('also allows the Vite dev server, on its own port only', async () => {
    expect((await authorize(t, 'http://localhost:5173/login/callback')).status).toBe(303);
    expect((await authorize(t, 'http://localhost:5174/login/callback')).status).toBe(400);
    expect((await authorize(t, `${t.url}/login/callback`)).status).toBe(303);
  });
});

describe('app links for the native app', () => {
  let configured: TestApp;
  let bare: TestApp;
  const fingerprint = Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).padStart(2, '0'))
    .join(':')
    .toLowerCase();
  beforeAll(async () => {
    configured = await createTestApp({
      env: {
        ANDROID_APP_PACKAGE: 'de.arcadia.app',
        ANDROID_APP_SHA256: `${fingerprint}, ${fingerprint.replace(/^00/, 'ff')}`,
        IOS_APP_ID: 'ABCDE12345.de.arcadia.app',
      },
    });
    bare = await createTestApp();
  });
  afterAll(async () => {
    await configured.close();
    await bare.close();
  });

  it('serves assetlinks.json naming the package and its signing certificates', async () => {
    const res = await configured.request('GET', '/.well-known/assetlinks.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: 'de.arcadia.app',
          sha256_cert_fingerprints: [
            fingerprint.toUpperCase(),
            fingerprint.replace(/^00/, 'ff').toUpperCase(),
          ],
        },
      },
    ]);
  });

  it('serves apple-app-site-association for the app id, keeping /oidc and /api in the browser', async () => {
    const res = await configured.request('GET', '/.well-known/apple-app-site-association');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const [details] = res.body.applinks.details;
    expect(details.appIDs).toEqual(['ABCDE12345.de.arcadia.app']);
    expect(details.components).toContainEqual({ '/': '/oidc/*', exclude: true });
    expect(details.components.at(-1)).toEqual({ '/': '/*' });
  });

  it('answers 404 when no app is configured (not the web app)', async () => {
    for (const path of [
      '/.well-known/assetlinks.json',
      '/.well-known/apple-app-site-association',
    ]) {
      const res = await bare.request('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });
});
