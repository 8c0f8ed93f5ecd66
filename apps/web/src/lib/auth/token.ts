/**
 * The seam between the API client and the sign-in module: the auth module registers how to get a
 * current access token (renewing it silently when needed); the API client only asks.
 */
/** `refused`: a token the API has just refused, to be renewed whatever its expiry. */
type TokenProvider = (refused?: string) => Promise<string | null>;

let provider: TokenProvider = async () => null;

export function setAccessTokenProvider(next: TokenProvider): void {
  provider = next;
}

/** A valid access token, or null when none can be had (signed out, renewal failed). */
export async function getAccessToken(): Promise<string | null> {
  try {
    return await provider();
  } catch {
    return null;
  }
}

/**
 * The API refused `token` before its expiry (signed out on another device, a new password, a
 * suspension): a renewed token, or null. When the provider no longer knows the session, the
 * renewal ends it here too and the app is signed out.
 */
export async function renewRefusedToken(token: string): Promise<string | null> {
  try {
    return await provider(token);
  } catch {
    return null;
  }
}
