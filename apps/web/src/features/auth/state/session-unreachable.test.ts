import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../testing/api';
import { makeStore } from '../../../lib/store/store';
import { OIDC_STORAGE_PREFIX } from '../../../lib/auth/stored-session';
import {
  UNREACHABLE_BACKOFF_MS,
  UNREACHABLE_RETRY_MS,
  registerAuthListeners,
} from './auth-listeners';
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

  it('is checked again soon while online, then every little while; at once when back online', async () => {
    storeSession();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const store = makeStore();
    const stop = registerAuthListeners();
    const unreachable = () => selectAuthStatus(store.getState()) === 'unreachable';
    // Waits on real time (vi.waitFor would move the fake clock) until the check failed again.
    const failedAgain = async (count: number) => {
      for (let i = 0; i < 200 && !(configAsked === count && unreachable()); i++)
        await new Promise((resolve) => setImmediate(resolve));
      expect(configAsked).toBe(count);
      expect(unreachable()).toBe(true);
    };
    const asked = async (ms: number, count: number) => {
      await vi.advanceTimersByTimeAsync(ms - 1);
      expect(configAsked).toBe(count - 1);
      await vi.advanceTimersByTimeAsync(1);
      await failedAgain(count);
    };
    try {
      await store.dispatch(startSession('http://localhost/profile/x'));
      expect(configAsked).toBe(1);
      // The browser says it is online: the failures back off, 1 s, 2 s, 5 s, then every 10 s.
      await asked(UNREACHABLE_BACKOFF_MS[0], 2);
      await asked(UNREACHABLE_BACKOFF_MS[1], 3);
      await asked(UNREACHABLE_BACKOFF_MS[2], 4);
      await asked(UNREACHABLE_RETRY_MS, 5);
      await asked(UNREACHABLE_RETRY_MS, 6);
      // Back online: checked at once, and a check failing right after is tried again in 1 s.
      window.dispatchEvent(new Event('online'));
      await failedAgain(7);
      await asked(UNREACHABLE_BACKOFF_MS[0], 8);
      // Offline: no quick checks, only the slow one (the 'online' event comes first, as a rule).
      const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      try {
        await asked(UNREACHABLE_BACKOFF_MS[1], 9);
        await asked(UNREACHABLE_RETRY_MS, 10);
      } finally {
        onLine.mockRestore();
      }
      await store.dispatch(retrySession());
      expect(configAsked).toBe(11);
      // Signed out meanwhile (another way): nothing to retry.
      localStorage.clear();
      await store.dispatch(startSession('http://localhost/home'));
      expect(selectAuthStatus(store.getState())).toBe('signedOut');
      await store.dispatch(retrySession());
      await vi.advanceTimersByTimeAsync(UNREACHABLE_RETRY_MS * 2);
      expect(configAsked).toBe(11);
    } finally {
      stop();
    }
  });
});
