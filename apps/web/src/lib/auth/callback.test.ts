import { InMemoryWebStorage } from 'oidc-client-ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthCallbackError } from './callback-errors';
import { completeLoginFromUrl, isCallbackUrl } from './callback';
import { IdTokenError } from './id-token';
import { beginTestSignIn, startTestProvider, type TestProvider } from '../../testing/oidc-provider';

let provider: TestProvider;
let storage: Storage;

beforeAll(async () => {
  provider = await startTestProvider();
});
afterAll(() => provider.close());
beforeEach(() => {
  storage = new InMemoryWebStorage();
  provider.requests.length = 0;
  provider.nextClaims = {};
});

const userKeys = () =>
  Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? '').filter((k) =>
    k.startsWith('arcadia.oidc.user:'),
  );

describe('completeLoginFromUrl', () => {
  it('exchanges the code with PKCE, checks the ID token and returns the account and target', async () => {
    const { callbackUrl } = await beginTestSignIn(provider, storage, { returnTo: '/profile/42' });
    const result = await completeLoginFromUrl(callbackUrl, provider.manager(storage));

    expect(result.account).toEqual({
      sub: 'sub-123',
      email: 'neo@example.org',
      nickname: 'neo',
      name: undefined,
    });
    expect(result.returnTo).toBe('/profile/42');
    expect(result.user.access_token).toBe('at-1');
    const [request] = provider.requests;
    expect(request?.grant_type).toBe('authorization_code');
    expect(request?.code).toBe('code-1');
    expect(request?.code_verifier).toMatch(/^[A-Za-z0-9]{43,}$/);
    expect(userKeys()).toHaveLength(1);
  });

  it('goes to / when the saved target is not a path of ours', async () => {
    const { callbackUrl } = await beginTestSignIn(provider, storage, {
      returnTo: '//evil.example/x',
    });
    const result = await completeLoginFromUrl(callbackUrl, provider.manager(storage));
    expect(result.returnTo).toBe('/');
  });

  it('without a stored transaction: missing_transaction, nothing exchanged', async () => {
    const error = await completeLoginFromUrl(
      'http://localhost/login/callback?code=x&state=nobody',
      provider.manager(storage),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthCallbackError);
    expect((error as AuthCallbackError).error).toBe('missing_transaction');
    expect(provider.requests).toHaveLength(0);
  });

  it('a state other than the pending sign-in: state_mismatch "Invalid state"', async () => {
    await beginTestSignIn(provider, storage);
    const error = await completeLoginFromUrl(
      'http://localhost/login/callback?code=x&state=forged',
      provider.manager(storage),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthCallbackError);
    expect((error as AuthCallbackError).error).toBe('state_mismatch');
    expect((error as AuthCallbackError).message).toBe('Invalid state');
    expect(provider.requests).toHaveLength(0);
  });

  it('an error from the provider is raised with its description', async () => {
    const { state } = await beginTestSignIn(provider, storage);
    const error = await completeLoginFromUrl(
      `http://localhost/login/callback?error=access_denied&error_description=Abgebrochen&state=${state}`,
      provider.manager(storage),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthCallbackError);
    expect((error as AuthCallbackError).error).toBe('access_denied');
    expect((error as AuthCallbackError).message).toBe('Abgebrochen');
    // the transaction is spent: the same URL again has none
    const again = await completeLoginFromUrl(
      `http://localhost/login/callback?code=x&state=${state}`,
      provider.manager(storage),
    ).catch((e: unknown) => e);
    expect((again as AuthCallbackError).error).toBe('missing_transaction');
  });

  it('an ID token for another audience fails our own check and keeps no tokens', async () => {
    const { callbackUrl } = await beginTestSignIn(provider, storage);
    provider.nextClaims = { aud: 'someone-else' };
    const error = await completeLoginFromUrl(callbackUrl, provider.manager(storage)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(IdTokenError);
    expect((error as IdTokenError).code).toBe('aud_mismatch');
    expect(userKeys()).toHaveLength(0);
  });

  it('an expired ID token fails our own check', async () => {
    const { callbackUrl } = await beginTestSignIn(provider, storage);
    const past = Math.floor(Date.now() / 1000) - 3600;
    provider.nextClaims = { iat: past - 300, exp: past };
    const error = await completeLoginFromUrl(callbackUrl, provider.manager(storage)).catch(
      (e: unknown) => e,
    );
    expect((error as IdTokenError).code).toBe('expired');
    expect(userKeys()).toHaveLength(0);
  });

  it('an ID token with another nonce is refused', async () => {
    const { callbackUrl } = await beginTestSignIn(provider, storage);
    provider.nextClaims = { nonce: 'replayed' };
    await expect(completeLoginFromUrl(callbackUrl, provider.manager(storage))).rejects.toThrow(
      /nonce/,
    );
    expect(userKeys()).toHaveLength(0);
  });
});

describe('isCallbackUrl', () => {
  it('needs code or error, plus state', () => {
    expect(isCallbackUrl('/login/callback?code=a&state=b')).toBe(true);
    expect(isCallbackUrl('/?error=login_required&state=b')).toBe(true);
    expect(isCallbackUrl('/?code=a')).toBe(false);
    expect(isCallbackUrl('/play?deviceId=a;b')).toBe(false);
  });
});
