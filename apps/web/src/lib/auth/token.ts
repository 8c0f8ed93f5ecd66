/**
 * The seam between the API client and the sign-in module: the auth module registers how to get a
 * current access token (renewing it silently when needed); the API client only asks.
 */
type TokenProvider = () => Promise<string | null>;

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
