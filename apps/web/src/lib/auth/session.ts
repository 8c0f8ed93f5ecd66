import { ErrorResponse, type User, type UserManager } from 'oidc-client-ts';
import {
  AUTH_HTTP_TIMEOUT_SECONDS,
  SILENT_RENEW_LOCK_MS,
  TOKEN_EXPIRY_MARGIN_SECONDS,
} from './constants';
import { decodeIdToken, verifyIdTokenClaims } from './id-token';
import { withTimeout } from '../timeout';

/** The provider answered that there is no session to renew (spec §4: clear locally, no redirect). */
export function isLoginRequired(error: unknown): boolean {
  return (
    error instanceof ErrorResponse &&
    [
      'login_required',
      'interaction_required',
      'consent_required',
      'account_selection_required',
    ].includes(error.error ?? '')
  );
}

/** A refresh token the provider refuses (expired, revoked, reused). */
function isInvalidGrant(error: unknown): boolean {
  return error instanceof ErrorResponse && error.error === 'invalid_grant';
}

/** Whether the user's access token is still good, counting it expired 60 s early. */
export function isFresh(user: User | null, nowSeconds = Date.now() / 1000): boolean {
  if (!user?.access_token) return false;
  if (user.expires_at === undefined) return true;
  return user.expires_at - TOKEN_EXPIRY_MARGIN_SECONDS > nowSeconds;
}

export interface SessionHooks {
  /** Called when the session ended at the provider (login_required): the app forgets the account. */
  onSessionEnded(): void;
  /** Called with the renewed user. */
  onRenewed?(user: User): void;
}

/** One renewal at a time across tabs: rotating refresh tokens may be used only once. */
async function withRenewLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return task();
  return locks.request(
    'arcadia-token-renewal',
    { signal: AbortSignal.timeout(SILENT_RENEW_LOCK_MS) },
    task,
  );
}

let inFlight: Promise<User | null> | null = null;
let signingOut = false;

/**
 * The sign-out has begun: no renewal starts any more, and one under way is waited for (at most
 * `waitMs`). A renewal's hidden frame writes the provider's session too; landing between the
 * logout page and its confirmation, it would make the provider refuse the sign-out.
 */
export async function holdRenewals(waitMs = AUTH_HTTP_TIMEOUT_SECONDS * 1000): Promise<void> {
  signingOut = true;
  await withTimeout(inFlight ?? Promise.resolve(null), waitMs).catch(() => null);
}

/** The sign-out did not leave the page (no provider logout): renewals may run again. */
export function releaseRenewals(): void {
  signingOut = false;
}

/**
 * Silent renewal (spec §4): with the refresh token first; when that is refused or missing, a
 * hidden frame (prompt=none) at the provider. `login_required` clears the local session
 * without any redirect. Resolves the renewed user, or null. `refused`: the access token the API
 * has just refused, renewed even though it has not expired.
 */
export function renewSession(
  manager: UserManager,
  hooks: SessionHooks,
  refused?: string,
): Promise<User | null> {
  if (signingOut) return Promise.resolve(null);
  inFlight ??= withRenewLock(async () => {
    // Another tab may have renewed while we waited for the lock. A token the API refused is
    // renewed however fresh it looks (it was signed out elsewhere, or the account suspended).
    const current = await manager.getUser();
    if (isFresh(current) && current?.access_token !== refused) return current;
    if (!current) return null;
    let user: User | null;
    try {
      user = await manager.signinSilent();
    } catch (error) {
      if (isLoginRequired(error)) return endSession(manager, hooks);
      if (current.refresh_token) {
        try {
          user = await manager.signinSilent({ forceIframeAuth: true });
        } catch (frameError) {
          if (isLoginRequired(frameError) || isInvalidGrant(error))
            return endSession(manager, hooks);
          return null;
        }
      } else {
        return null;
      }
    }
    if (!user) return null;
    if (!(await renewedTokenPasses(manager, user))) return endSession(manager, hooks);
    hooks.onRenewed?.(user);
    return user;
  }).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** A renewal's new ID token (when one came) must pass our own claim checks too. */
async function renewedTokenPasses(manager: UserManager, user: User): Promise<boolean> {
  if (!user.id_token) return true;
  try {
    const { header, claims } = decodeIdToken(user.id_token);
    verifyIdTokenClaims(claims, header, {
      issuer: await manager.metadataService.getIssuer(),
      clientId: manager.settings.client_id,
    });
    return true;
  } catch {
    return false;
  }
}

async function endSession(manager: UserManager, hooks: SessionHooks): Promise<null> {
  await manager.removeUser();
  hooks.onSessionEnded();
  return null;
}

/**
 * The access token for API calls: the cached one while fresh, otherwise a silently renewed one.
 * `refused`: the token the API has just refused, which is renewed whatever its expiry.
 */
export async function freshAccessToken(
  manager: UserManager,
  hooks: SessionHooks,
  refused?: string,
): Promise<string | null> {
  const user = await manager.getUser();
  if (!user) return null;
  if (isFresh(user) && user.access_token !== refused) return user.access_token;
  const renewed = await renewSession(manager, hooks, refused);
  return renewed?.access_token ?? null;
}
