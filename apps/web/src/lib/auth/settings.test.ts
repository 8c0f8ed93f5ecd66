import { InMemoryWebStorage } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import type { AuthConfig } from '@arcadia/contracts';
import { buildUserManagerSettings } from './settings';

const embedded: AuthConfig = {
  authority: 'https://arcadia.example/oidc',
  clientId: 'arcadia-web',
  audience: 'https://arcadia.example/api',
  scopes: 'openid profile email offline_access read:arcade read:users read:games read:visits',
  mode: 'embedded',
  nativeScheme: 'de.arcadia.app',
  publicUrl: 'https://arcadia.example',
};
const store = new InMemoryWebStorage();

describe('buildUserManagerSettings', () => {
  it('uses the server config: issuer, client, scopes, code flow, our callback and logout return', () => {
    const s = buildUserManagerSettings(embedded, { origin: 'https://arcadia.example', store });
    expect(s).toMatchObject({
      authority: 'https://arcadia.example/oidc',
      client_id: 'arcadia-web',
      response_type: 'code',
      scope: embedded.scopes,
      redirect_uri: 'https://arcadia.example/login/callback',
      silent_redirect_uri: 'https://arcadia.example/login/callback',
      post_logout_redirect_uri: 'https://arcadia.example/',
      accessTokenExpiringNotificationTimeInSeconds: 60,
      requestTimeoutInSeconds: 10,
      popupWindowFeatures: { width: 400, height: 600, closePopupWindowAfterInSeconds: 60 },
    });
    expect(s.scope).toContain('offline_access');
    // The embedded provider picks the API audience itself.
    expect(s.extraQueryParams).toEqual({});
  });

  it('asks an external issuer (Auth0) for the API audience', () => {
    const s = buildUserManagerSettings(
      { ...embedded, mode: 'external', authority: 'https://tenant.eu.auth0.com/' },
      { origin: 'https://arcadia.example', store },
    );
    expect(s.authority).toBe('https://tenant.eu.auth0.com/');
    expect(s.extraQueryParams).toEqual({ audience: 'https://arcadia.example/api' });
  });

  it('the native shell signs in through its URL scheme', () => {
    const s = buildUserManagerSettings(embedded, {
      origin: 'capacitor://localhost',
      store,
      platform: 'native',
    });
    expect(s.redirect_uri).toBe('de.arcadia.app://callback');
    expect(s.post_logout_redirect_uri).toBe('de.arcadia.app://logout');
    expect(s.silent_redirect_uri).toBeUndefined();
  });

  it('keeps tokens and transactions in the given storage', async () => {
    const storage = new InMemoryWebStorage();
    const s = buildUserManagerSettings(embedded, { origin: 'https://a.example', store: storage });
    await s.userStore!.set('user:x', 'token');
    expect(storage.getItem('arcadia.oidc.user:x')).toBe('token');
  });
});
