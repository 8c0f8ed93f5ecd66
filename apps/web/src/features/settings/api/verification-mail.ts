import { HTTP_TIMEOUT_MS } from '@arcadia/contracts/limits';
import { getAccessToken } from '../../../lib/auth/token';
import { apiUrl } from '../../../lib/api/origin';

/**
 * The e-mail verification of an account of the server's own provider (docs/identity.md):
 * `GET /api/me/verification-mail` says whether it is verified (404: not one of the server's
 * accounts, e.g. with Auth0 or Keycloak — nothing to show), `POST` sends the mail again.
 */
export type VerificationState = 'verified' | 'unverified' | 'none';

export type ResendResult =
  | { kind: 'sent' }
  | { kind: 'verified' }
  | { kind: 'rateLimited'; minutes: number }
  | { kind: 'failed' };

async function call(method: 'GET' | 'POST'): Promise<Response | undefined> {
  const token = await getAccessToken();
  try {
    return await fetch(new URL(apiUrl('/api/me/verification-mail'), location.href), {
      method,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch {
    return undefined;
  }
}

export async function getVerificationState(): Promise<VerificationState> {
  const res = await call('GET');
  if (!res?.ok) return 'none';
  try {
    const body = (await res.json()) as { emailVerified?: unknown };
    return body.emailVerified === true ? 'verified' : 'unverified';
  } catch {
    return 'none';
  }
}

export async function resendVerificationMail(): Promise<ResendResult> {
  const res = await call('POST');
  if (!res) return { kind: 'failed' };
  if (res.status === 202) return { kind: 'sent' };
  if (res.status === 409) return { kind: 'verified' };
  if (res.status === 429) {
    const seconds = Number(res.headers.get('retry-after')) || 60;
    return { kind: 'rateLimited', minutes: Math.max(1, Math.ceil(seconds / 60)) };
  }
  return { kind: 'failed' };
}
