/**
 * Completing a sign-in from a callback URL (spec §5 "Login callback", §8 auth errors), as a pure
 * function the web app and the native shell's deep-link handler share.
 */

/** What was stored when the sign-in began. */
export interface StoredTransaction {
  state: string;
  [key: string]: unknown;
}

export type AuthCallbackErrorCode = 'state_mismatch' | 'missing_transaction' | 'missing_code';

/**
 * A failed callback: our own codes, or the provider's `error` from the URL (login_required,
 * access_denied, ...) with its `error_description` as the message.
 */
export class AuthCallbackError extends Error {
  constructor(
    readonly error: AuthCallbackErrorCode | (string & {}),
    readonly errorDescription: string,
    readonly state?: string,
  ) {
    super(errorDescription);
    this.name = 'AuthCallbackError';
  }
}

type Params = URLSearchParams | string | Record<string, string>;

const toParams = (params: Params) =>
  params instanceof URLSearchParams ? params : new URLSearchParams(params);

/** Whether a URL's query is an authorization response: code or error, plus state (spec §4). */
export function hasAuthParams(params: Params): boolean {
  const p = toParams(params);
  return (p.has('code') || p.has('error')) && p.has('state');
}

/**
 * Checks an authorization response against the stored transaction: missing_transaction when
 * none is stored, the provider's error raised with its description, state_mismatch ('Invalid
 * state') when the state differs. Returns the code and state to exchange.
 */
export function checkCallback(
  urlParams: Params,
  storedTransaction: StoredTransaction | null | undefined,
): { code: string; state: string } {
  const params = toParams(urlParams);
  const state = params.get('state') ?? undefined;
  if (!storedTransaction)
    throw new AuthCallbackError('missing_transaction', 'Invalid state', state);
  const error = params.get('error');
  if (error) throw new AuthCallbackError(error, params.get('error_description') || error, state);
  if (!state || state !== storedTransaction.state) {
    throw new AuthCallbackError('state_mismatch', 'Invalid state', state);
  }
  const code = params.get('code');
  if (!code)
    throw new AuthCallbackError(
      'missing_code',
      'The callback URL has no authorization code',
      state,
    );
  return { code, state };
}
