import { eq, isNull, or, gt } from 'drizzle-orm';
import { createLocalJWKSet, type JSONWebKeySet, type JWK, type JWTVerifyGetKey } from 'jose';
import type { Db } from '../../db/client';
import { accounts, signingKeys } from '../../db/schema';

const REFRESH_MS = 60_000;

/** Published public keys: current ones and retired ones whose tokens may still be valid. */
export async function publishedKeys(db: Db): Promise<JWK[]> {
  const rows = await db
    .select({ publicJwk: signingKeys.publicJwk })
    .from(signingKeys)
    .where(or(isNull(signingKeys.removeAfter), gt(signingKeys.removeAfter, new Date())));
  return rows.map((r) => r.publicJwk as JWK);
}

/**
 * Verifies the embedded provider's tokens straight from the key table, so no process depends on
 * fetching its own JWKS over HTTP. Reloads every minute, and at once when a token names an
 * unknown key id (a key rotated by another process).
 */
export function localKeyResolver(db: Db): JWTVerifyGetKey {
  let keySet: JWTVerifyGetKey | undefined;
  let kids = new Set<string>();
  let loadedAt = 0;
  const load = async () => {
    const keys = await publishedKeys(db);
    const jwks: JSONWebKeySet = { keys };
    keySet = createLocalJWKSet(jwks);
    kids = new Set(keys.map((k) => k.kid).filter((k): k is string => Boolean(k)));
    loadedAt = Date.now();
  };
  return async (header, token) => {
    const stale = Date.now() - loadedAt > REFRESH_MS;
    if (!keySet || stale || (header.kid && !kids.has(header.kid))) await load();
    return keySet!(header, token);
  };
}

/**
 * Whether the embedded provider's account of a token's sub still exists and takes a token issued
 * at `issuedAtMs` (plugins/auth.ts issuedAtMs): a deleted player's account row is gone
 * (identity/events.ts forgetIdentity), and so are its tokens' rights; a password reset or a
 * suspension refuses the tokens issued before it (accounts.tokens_valid_after).
 */
export function localAccountExists(
  db: Db,
): (sub: string, issuedAtMs: number | undefined) => Promise<boolean> {
  return async (sub, issuedAtMs) => {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sub)) return false;
    const [row] = await db
      .select({ validAfter: accounts.tokensValidAfter })
      .from(accounts)
      .where(eq(accounts.id, sub))
      .limit(1);
    if (!row) return false;
    if (!row.validAfter) return true;
    return (issuedAtMs ?? 0) > row.validAfter.getTime();
  };
}
