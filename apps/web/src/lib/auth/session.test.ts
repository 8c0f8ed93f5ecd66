import { InMemoryWebStorage, type UserManager } from 'oidc-client-ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { completeLoginFromUrl } from './callback';
import { freshAccessToken, holdRenewals, isFresh, releaseRenewals, renewSession } from './session';
import { beginTestSignIn, startTestProvider, type TestProvider } from '../../testing/oidc-provider';

let provider: TestProvider;
let storage: Storage;
let manager: UserManager;
let ended: number;
const hooks = { onSessionEnded: () => (ended += 1) };

beforeAll(async () => {
  provider = await startTestProvider();
});
afterAll(() => provider.close());

/** A signed-in session whose access token lives `expiresIn` seconds. */
async function signIn(expiresIn: number) {
  storage = new InMemoryWebStorage();
  // The hidden-frame fallback cannot load a page in jsdom: give it one second.
  manager = provider.manager(storage, { silentRequestTimeoutInSeconds: 1 });
  ended = 0;
  provider.expiresIn = expiresIn;
  const { callbackUrl } = await beginTestSignIn(provider, storage);
  await completeLoginFromUrl(callbackUrl, manager);
  provider.requests.length = 0;
  provider.expiresIn = 300;
}

beforeEach(() => {
  provider.nextClaims = {};
  provider.nextError = null;
  provider.delayMs = 0;
});

describe('isFresh', () => {
  it('counts a token as expired 60 s early', async () => {
    await signIn(300);
    const user = await manager.getUser();
    const expiresAt = user!.expires_at!;
    expect(isFresh(user, expiresAt - 61)).toBe(true);
    expect(isFresh(user, expiresAt - 60)).toBe(false);
    expect(isFresh(null)).toBe(false);
  });
});

describe('freshAccessToken', () => {
  it('answers the cached token while it is fresh, without a request', async () => {
    await signIn(300);
    expect(await freshAccessToken(manager, hooks)).toBe('at-1');
    expect(provider.requests).toHaveLength(0);
  });

  it('renews with the refresh token when the token expires within 60 s', async () => {
    await signIn(30);
    const token = await freshAccessToken(manager, hooks);
    expect(provider.requests).toHaveLength(1);
    expect(provider.requests[0]).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'rt-1',
    });
    expect(token).toBe('at-1');
    expect((await manager.getUser())?.refresh_token).toBe('rt-1');
    expect(ended).toBe(0);
  });

  it('several callers at once share one renewal (a rotating refresh token is used once)', async () => {
    await signIn(30);
    const tokens = await Promise.all([1, 2, 3].map(() => freshAccessToken(manager, hooks)));
    expect(provider.requests).toHaveLength(1);
    expect(new Set(tokens).size).toBe(1);
  });

  it('a refused refresh token, then a failed hidden frame: the session ends here, no redirect', async () => {
    await signIn(30);
    provider.nextError = { error: 'invalid_grant', error_description: 'grant request is invalid' };
    const token = await freshAccessToken(manager, hooks);
    expect(token).toBeNull();
    expect(ended).toBe(1);
    expect(await manager.getUser()).toBeNull();
  });

  it('renews a fresh token the API refused (signed out elsewhere), once for all callers', async () => {
    await signIn(300);
    const refused = (await manager.getUser())!.access_token;
    const tokens = await Promise.all([1, 2].map(() => freshAccessToken(manager, hooks, refused)));
    expect(provider.requests).toHaveLength(1);
    expect(provider.requests[0]).toMatchObject({ grant_type: 'refresh_token' });
    expect(tokens[0]).not.toBe(refused);
    expect(new Set(tokens).size).toBe(1);
    // The renewed token is not renewed again.
    expect(await freshAccessToken(manager, hooks, refused)).toBe(tokens[0]);
    expect(provider.requests).toHaveLength(1);
    expect(ended).toBe(0);
  });

  it('a refused token whose renewal is refused too ends the session here', async () => {
    await signIn(300);
    const refused = (await manager.getUser())!.access_token;
    provider.nextError = { error: 'invalid_grant', error_description: 'grant request is invalid' };
    expect(await freshAccessToken(manager, hooks, refused)).toBeNull();
    expect(ended).toBe(1);
    expect(await manager.getUser()).toBeNull();
  });

  it('a renewed ID token that fails our checks ends the session', async () => {
    await signIn(30);
    provider.nextClaims = { iss: 'https://evil.example' };
    expect(await renewSession(manager, hooks)).toBeNull();
    expect(ended).toBe(1);
    expect(await manager.getUser()).toBeNull();
  });

  it('without a session there is no token and no request', async () => {
    provider.requests.length = 0;
    const empty = provider.manager(new InMemoryWebStorage());
    expect(await freshAccessToken(empty, hooks)).toBeNull();
    expect(provider.requests).toHaveLength(0);
  });
});

describe('holdRenewals (the sign-out)', () => {
  it('waits for the renewal under way, then starts none until released', async () => {
    await signIn(30);
    let renewed = false;
    const renewal = renewSession(manager, hooks).then((user) => {
      renewed = true;
      return user?.access_token;
    });
    await holdRenewals();
    // The renewal under way had finished before the sign-out went on.
    expect(renewed).toBe(true);
    expect(await renewal).toBe('at-1');
    expect(provider.requests).toHaveLength(1);

    const refused = (await manager.getUser())!.access_token;
    expect(await freshAccessToken(manager, hooks, refused)).toBeNull();
    expect(provider.requests).toHaveLength(1);
    expect(ended).toBe(0);

    releaseRenewals();
    expect(await freshAccessToken(manager, hooks, refused)).not.toBeNull();
    expect(provider.requests).toHaveLength(2);
  });

  it('goes on without a renewal that hangs once its wait is over', async () => {
    await signIn(30);
    provider.delayMs = 3000;
    let renewed = false;
    const renewal = renewSession(manager, hooks).then(() => (renewed = true));
    await holdRenewals(50);
    expect(renewed).toBe(false);
    releaseRenewals();
    await renewal;
    provider.delayMs = 0;
  });
});
