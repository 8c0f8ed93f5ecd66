import type { SerializedError } from '@reduxjs/toolkit';
import type { TFunction } from 'i18next';
import { toFailure, type ApiFailure } from '../../../lib/api/failure';

/**
 * A section's own message keys (i18n) for refusals it knows: by the server's error code
 * (`last_admin`, `batch_claimed`) or by status (`409`, `404`). A code wins over a status.
 */
export type KnownRefusals = Partial<Record<string, string>>;

/**
 * The console's message key for a failed call, by error code and status; never the server's own
 * text (English, for developers). A 403 says the rights are missing (perhaps just taken away):
 * the console asks again who the operator is then (`lost-access.ts`), so it shows "no access" or
 * only what is still theirs.
 */
export function failureKey(failure: ApiFailure, known: KnownRefusals = {}): string {
  const own =
    (failure.code === undefined ? undefined : known[failure.code]) ?? known[String(failure.status)];
  if (own !== undefined) return own;
  switch (failure.status) {
    case 400:
      return 'admin.failure.invalid';
    case 401:
      return 'admin.failure.signedOut';
    case 403:
      return 'admin.failure.forbidden';
    case 404:
      return 'admin.failure.gone';
    case 409:
      return 'admin.failure.conflict';
    case 429:
      return 'admin.failure.tooMany';
    case 502:
    case 503:
    case 504:
    case 'FETCH_ERROR':
    case 'TIMEOUT_ERROR':
      return 'admin.failure.unreachable';
    // An answer that broke its contract, a 500, any other status.
    case 'PARSING_ERROR':
    case 'CUSTOM_ERROR':
    default:
      return 'admin.failure.general';
  }
}

/**
 * What the operator reads when a call failed (an endpoint's `result.error`, or what `unwrap()`
 * threw), in the interface language.
 */
export function failureMessage(error: unknown, t: TFunction, known?: KnownRefusals): string {
  return t(failureKey(toFailure(error as ApiFailure | SerializedError | undefined), known));
}
