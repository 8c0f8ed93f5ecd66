import type { AuthError } from './auth-slice';

/** Any failure of the sign-in machinery as the slice's error: a code (spec §8) and a message. */
export function toAuthError(error: unknown): AuthError {
  if (error && typeof error === 'object') {
    const e = error as { error?: unknown; code?: unknown; name?: unknown; message?: unknown };
    const code =
      (typeof e.error === 'string' && e.error) ||
      (typeof e.code === 'string' && e.code) ||
      (e.name === 'TimeoutError' && 'timeout') ||
      'login_failed';
    const message = typeof e.message === 'string' && e.message ? e.message : code;
    return { code, message };
  }
  return { code: 'login_failed', message: String(error) };
}
