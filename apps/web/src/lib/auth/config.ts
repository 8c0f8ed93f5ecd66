import type { AuthConfig } from '@arcadia/contracts';
import { AUTH_HTTP_TIMEOUT_SECONDS } from './constants';
import { checkAnswer } from '../api/lazy-schema';
import { apiUrl } from '../api/origin';

let cached: Promise<AuthConfig> | null = null;

/** GET /api/config (public): issuer, client id, audience, scopes. Fetched once per page load. */
export function loadAuthConfig(fetchImpl: typeof fetch = fetch): Promise<AuthConfig> {
  cached ??= (async () => {
    const res = await fetchImpl(apiUrl('/api/config'), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(AUTH_HTTP_TIMEOUT_SECONDS * 1000),
    });
    if (!res.ok) throw new Error(`GET /api/config answered ${res.status}`);
    const checked = await checkAnswer((c) => c.authConfigSchema, await res.json());
    if (checked.issues) {
      throw new Error(`GET /api/config: ${checked.issues.map((i) => i.message).join('; ')}`);
    }
    return checked.value;
  })();
  cached.catch(() => {
    cached = null; // a failed load is retried next time
  });
  return cached;
}

/** Test support: forget the cached configuration. */
export function resetAuthConfig(): void {
  cached = null;
}
