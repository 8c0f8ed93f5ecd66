import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../testing/api';
import { makeStore } from '../../../lib/store/store';
import { OIDC_STORAGE_PREFIX } from '../../../lib/auth/stored-session';
import { UNREACHABLE_RETRY_MS, registerAuthListeners } from './auth-listeners';
import { selectAuthStatus } from './auth-slice';
import { retrySession, startSession } from './auth-thunks';

/** The sign-in configuration, unreachable (offline): counted, so a retry can be seen. */
let configAsked = 0;
beforeEach(() => {
  configAsked = 0;
  server.use(
    http.get('*/api/config', () => {
      configAsked += 1;
      return HttpResponse.error();
    }),
  );
});
afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

const storeSession = () => localStorage.setItem(`${OIDC_STORAGE_PREFIX}user:issuer:client`, '{}');

describe('a stored session that cannot be checked at start', () => {
  it('is unreachable, not signed out: the guard does not send the player to sign in', async () => {
    storeSession();
    const store = makeStore();
    await store.dispatch(startSession('http://localhost/profile/x'));
    expect(selectAuthStatus(store.getState())).toBe('unreachable');
    expect(configAsked).toBe(1);
    expect(localStorage.getItem(`${OIDC_STORAGE_PREFIX}user:issuer:client`)).toBe('{}');
  });

  it('without a stored session the visitor is anonymous at once, nothing asked', async () => {
    const store = makeStore();
    await store.dispatch(startSession('http://localhost/home'));
    expect(selectAuthStatus(store.getState())).toBe('signedOut');
    expect(configAsked).toBe(0);
  });

  it('is checked again after a while, and on retry; a retry does nothing once it is settled', async () => {
    storeSession();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const store = makeStore();
    const stop = registerAuthListeners();
    try {
      await store.dispatch(startSession('http://localhost/profile/x'));
      expect(configAsked).toBe(1);
      await vi.advanceTimersByTimeAsync(UNREACHABLE_RETRY_MS);
      await vi.waitFor(() => expect(configAsked).toBe(2));
      expect(selectAuthStatus(store.getState())).toBe('unreachable');
      await store.dispatch(retrySession());
      expect(configAsked).toBe(3);
      // Back online: checked at once, not after the wait.
      window.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect(configAsked).toBe(4));
      // Signed out meanwhile (another way): nothing to retry.
      localStorage.clear();
      await store.dispatch(startSession('http://localhost/home'));
      expect(selectAuthStatus(store.getState())).toBe('signedOut');
      await store.dispatch(retrySession());
      await vi.advanceTimersByTimeAsync(UNREACHABLE_RETRY_MS * 2);
      expect(configAsked).toBe(4);
    } finally {
      stop();
    }
  });
});
