/** Key prefix of everything oidc-client-ts stores for us (see settings.ts). */
export const OIDC_STORAGE_PREFIX = 'arcadia.oidc.';

/**
 * Whether tokens of a past sign-in are cached (without loading the OIDC library): when not, the
 * app starts anonymous at once.
 */
export function hasStoredSession(storage: Storage | undefined = globalThis.localStorage): boolean {
  try {
    if (!storage) return false;
    for (let i = 0; i < storage.length; i += 1) {
      if (storage.key(i)?.startsWith(`${OIDC_STORAGE_PREFIX}user:`)) return true;
    }
  } catch {
    // storage unavailable
  }
  return false;
}
