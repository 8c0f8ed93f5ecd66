import type { User, UserManager } from 'oidc-client-ts';
import { safeReturnPath } from '../navigation';
import {
  AuthCallbackError,
  checkCallback,
  hasAuthParams,
  type StoredTransaction,
} from './callback-errors';
import { decodeIdToken, verifyIdTokenClaims, type IdTokenClaims } from './id-token';
import { getUserManager } from './user-manager';

/** The signed-in account: the identity provider's claims about the person (spec §3). */
export interface Account {
  sub: string;
  email?: string;
  nickname?: string;
  name?: string;
}

export function toAccount(claims: IdTokenClaims): Account {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  return {
    sub: String(claims.sub),
    email: text(claims.email),
    nickname: text(claims.nickname) ?? text(claims.preferred_username),
    name: text(claims.name),
  };
}

/** What the app keeps in the sign-in transaction's state while the browser is at the provider. */
export interface LoginRequestState {
  returnTo: string;
}

export interface CompletedLogin {
  user: User;
  account: Account;
  /** The saved target (a same-origin path), or '/'. */
  returnTo: string;
}

/** Whether this URL is an authorization response (code or error, plus state) for us to complete. */
export function isCallbackUrl(url: string): boolean {
  const parsed = new URL(url, 'http://localhost');
  return hasAuthParams(parsed.searchParams);
}

type Transaction = StoredTransaction & { nonce?: string; request_type?: string };

function parseTransaction(raw: string | null, key: string): Transaction | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { id?: string; nonce?: string; request_type?: string };
    return { ...parsed, state: parsed.id ?? key };
  } catch {
    return null;
  }
}

/**
 * The sign-in transaction this callback answers: the one stored under the URL's state; failing
 * that, any other pending redirect sign-in (its state differs, so the check reports
 * state_mismatch); none at all is missing_transaction.
 */
async function storedTransaction(
  manager: UserManager,
  state: string | null,
): Promise<Transaction | null> {
  const store = manager.settings.stateStore;
  const id = state?.split(';')[0];
  if (id) {
    const own = parseTransaction(await store.get(id), id);
    if (own) return own;
  }
  for (const key of await store.getAllKeys()) {
    if (key.startsWith('user:')) continue;
    const other = parseTransaction(await store.get(key), key);
    if (other?.request_type === 'si:r') return other;
  }
  return null;
}

/**
 * Completes a sign-in from the callback URL (the web callback route, or the native shell's deep
 * link): checks the state against the stored transaction (spec §5: state_mismatch 'Invalid
 * state', missing_transaction, a provider error with its description), exchanges the code with
 * PKCE, then checks the ID token's claims with our own rules. Throws AuthCallbackError or
 * IdTokenError; on success the tokens are stored and the account and saved target returned.
 */
export async function completeLoginFromUrl(
  url: string,
  manager?: UserManager,
): Promise<CompletedLogin> {
  const um = manager ?? (await getUserManager());
  const params = new URL(url).searchParams;
  const transaction = await storedTransaction(um, params.get('state'));
  try {
    checkCallback(params, transaction);
  } catch (error) {
    // This callback's own transaction is spent either way (another pending one is left alone).
    if (transaction && transaction.state === params.get('state')?.split(';')[0])
      await um.settings.stateStore.remove(transaction.state);
    throw error;
  }
  const user = await um.signinRedirectCallback(url);
  if (!user.id_token) {
    await um.removeUser();
    throw new AuthCallbackError('missing_id_token', 'The provider answered without an ID token');
  }
  try {
    const { header, claims } = decodeIdToken(user.id_token);
    verifyIdTokenClaims(claims, header, {
      issuer: await um.metadataService.getIssuer(),
      clientId: um.settings.client_id,
      nonce: transaction?.nonce,
      now: Date.now(),
    });
    const state = user.state as Partial<LoginRequestState> | undefined;
    return { user, account: toAccount(claims), returnTo: safeReturnPath(state?.returnTo) };
  } catch (error) {
    await um.removeUser();
    throw error;
  }
}
