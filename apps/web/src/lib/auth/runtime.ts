/**
 * Everything that needs oidc-client-ts, behind one dynamic import: an anonymous visitor's first
 * page never loads the OIDC library (see `stored-session.ts`).
 */
import type { User } from 'oidc-client-ts';
import { STARTUP_USER_TIMEOUT_MS, TOKEN_EXPIRY_MARGIN_SECONDS } from './constants';
import { withTimeout } from '../timeout';
import { apiUrl } from '../api/origin';
import { toAccount, type Account, type LoginRequestState } from './callback';
import { decodeIdToken } from './id-token';
import { getUserManager } from './user-manager';
import { freshAccessToken, holdRenewals, releaseRenewals, type SessionHooks } from './session';

/** Opens the provider's sign-in page (code flow + PKCE, state carries where to come back to). */
export async function beginLogin(returnTo: string, language: string): Promise<void> {
  const manager = await getUserManager();
  const state: LoginRequestState = { returnTo };
  await manager.signinRedirect({ state, nonce: crypto.randomUUID(), ui_locales: language });
}

/**
 * Start-up: token retrieval (the cached tokens, renewed silently when they are about to expire),
 * then the user lookup with a 1000 ms timeout. The account, or null when there is no session.
 */
export async function restoreSession(hooks: SessionHooks): Promise<Account | null> {
  const manager = await getUserManager();
  const token = await freshAccessToken(manager, hooks);
  if (!token) return null;
  const user = await withTimeout(manager.getUser(), STARTUP_USER_TIMEOUT_MS, 'user lookup');
  return user ? accountOf(user) : null;
}

export function accountOf(user: User): Account {
  if (user.id_token) {
    try {
      return toAccount(decodeIdToken(user.id_token).claims);
    } catch {
      // fall back to the profile the library kept
    }
  }
  return toAccount(user.profile);
}

/**
 * A fresh access token for the API (renewing silently 60 s before expiry, or at once when the API
 * has refused `refused`), or null.
 */
export async function accessToken(hooks: SessionHooks, refused?: string): Promise<string | null> {
  return freshAccessToken(await getUserManager(), hooks, refused);
}

/** How long signing the access token out may hold up the sign-out. */
const TOKEN_SIGN_OUT_TIMEOUT_MS = 3000;

/**
 * Ends the access token at the API (POST /api/v2/user/logout), so a copy of it stops working now
 * instead of at its expiry. Offline or slow, the sign-out goes on: the token then just expires.
 */
async function signOutAccessToken(token: string): Promise<void> {
  try {
    await fetch(apiUrl('/api/v2/user/logout'), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(TOKEN_SIGN_OUT_TIMEOUT_MS),
    });
  } catch {
    // unreachable: nothing more to do here
  }
}

/**
 * Signs out: ends the access token at the API (unless it has ended already: `tokenEnded`, after
 * the profile's deletion), forgets the tokens here, then RP-initiated logout at the provider (which ends the refresh tokens and returns to `/`). Resolves false when the
 * provider offers no logout endpoint (the caller then navigates).
 */
export async function endSessionAtProvider(
  options: { tokenEnded?: boolean } = {},
): Promise<boolean> {
  const manager = await getUserManager();
  await holdRenewals();
  const user = await manager.getUser();
  if (user?.access_token && !user.expired && !options.tokenEnded)
    await signOutAccessToken(user.access_token);
  await manager.removeUser();
  try {
    await manager.signoutRedirect({ id_token_hint: user?.id_token });
    return true;
  } catch {
    return false;
  } finally {
    // Without a user there is nothing left to renew; a later sign-in renews as usual.
    releaseRenewals();
  }
}

/** Forgets the tokens here only (the session ended at the provider). */
export async function clearLocalSession(): Promise<void> {
  await (await getUserManager()).removeUser();
}

/** Inside the hidden silent-renewal frame: hands the answer to the app in the parent window. */
export async function completeSilentCallback(url: string): Promise<void> {
  await (await getUserManager()).signinCallback(url);
}

export { enableNativePlatform, getUserManager, setUserManager } from './user-manager';
export { completeLoginFromUrl, toAccount, type CompletedLogin } from './callback';
export { freshAccessToken, renewSession, isFresh, isLoginRequired } from './session';
export { TOKEN_EXPIRY_MARGIN_SECONDS };
export type { Account };
