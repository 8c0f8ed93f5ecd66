import { createHash } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, TOKEN_LEEWAY_SECONDS } from '@arcadia/contracts';
import type { Db, Queryable } from '../../db/client';
import { oidcModels, revokedTokens } from '../../db/schema';
import { announceRevokedToken, grantName, requireAuth, type AuthContext } from '../../plugins/auth';
import { deleteGrantChain } from './adapter';
import { ACCESS_TOKEN_TTL } from './lifetimes';

/** Whether any of a token's names (its hash, its grant's) was signed out: a primary-key look-up. */
export function tokenSignedOut(db: Db): (names: string[]) => Promise<boolean> {
  return async (names) => {
    const [row] = await db
      .select({ hash: revokedTokens.tokenHash })
      .from(revokedTokens)
      .where(inArray(revokedTokens.tokenHash, names))
      .limit(1);
    return Boolean(row);
  };
}

/** What an access token says of its grant (GRANT_CLAIM): a hash, the id is a storage key. */
export const grantClaimOf = (grantId: string): string =>
  createHash('sha256').update(grantId).digest('base64url');

/**
 * Signs out every access token of the given grants (the provider's own logout page ended their
 * session), for an access token's lifetime, and tells every server process: the others when this
 * commits (NOTIFY), this one through `forget` right after, so that its own next request cannot
 * still take a cached token before the notification has come back to it.
 */
export async function signOutGrants(
  db: Db,
  grantIds: string[],
  forget?: (name: string) => void,
): Promise<void> {
  if (grantIds.length === 0) return;
  const names = await db.transaction((tx) => signOutGrantsIn(tx, grantIds));
  for (const name of names) forget?.(name);
}

/**
 * signOutGrants inside the caller's transaction (every process is told when it commits); answers
 * the grants' names.
 */
export async function signOutGrantsIn(tx: Queryable, grantIds: readonly string[]) {
  if (grantIds.length === 0) return [];
  const expiresAt = new Date(Date.now() + (ACCESS_TOKEN_TTL + TOKEN_LEEWAY_SECONDS) * 1000);
  const rows = [...new Set(grantIds)].map((id) => ({
    tokenHash: grantName(grantClaimOf(id)),
    expiresAt,
  }));
  await tx
    .insert(revokedTokens)
    .values(rows)
    .onConflictDoNothing({ target: revokedTokens.tokenHash });
  for (const row of rows) await announceRevokedToken(tx, row.tokenHash);
  return rows.map((row) => row.tokenHash);
}

/** The latest expiry a stored row may have: a year (an external issuer's `exp` could be any). */
const LONGEST_KEPT_MS = 365 * 24 * 3600 * 1000;

/**
 * Ends the embedded provider's grant the access token names (GRANT_CLAIM, a hash of its id: found
 * among the account's grants), with its refresh tokens: a copy of one taken before the sign-out
 * cannot fetch new access tokens afterwards, even when the app's sign-out never reaches the
 * provider's logout (which ends them too). Nothing for another issuer's token.
 */
async function endGrantOf(tx: Queryable, sub: string, grant: string): Promise<void> {
  const grants = await tx
    .select({ id: oidcModels.id })
    .from(oidcModels)
    .where(and(eq(oidcModels.model, 'Grant'), sql`${oidcModels.payload}->>'accountId' = ${sub}`));
  for (const { id } of grants) if (grantClaimOf(id) === grant) await deleteGrantChain(tx, id);
}

/**
 * Signs an access token out until it expires, with its grant when it names one (every access
 * token of that sign-in, those issued before a refresh too: all of them expire within
 * ACCESS_TOKEN_TTL; the grant itself and its refresh tokens end at the provider), and tells every
 * server process (each drops them from its cache of verified tokens when this commits). Rows of
 * tokens expired by now go.
 */
export async function signOutToken(
  db: Db,
  auth: Pick<AuthContext, 'sub' | 'tokenHash' | 'grant'>,
  expiresAtSeconds: number,
): Promise<void> {
  const now = Date.now();
  // Kept until the verification itself would refuse the tokens (exp plus the leeway).
  const until = (ms: number) => new Date(Math.min(ms, now + LONGEST_KEPT_MS));
  const rows = [
    {
      tokenHash: auth.tokenHash,
      expiresAt: until((expiresAtSeconds + TOKEN_LEEWAY_SECONDS) * 1000),
    },
    ...(auth.grant
      ? [
          {
            tokenHash: grantName(auth.grant),
            expiresAt: until(now + (ACCESS_TOKEN_TTL + TOKEN_LEEWAY_SECONDS) * 1000),
          },
        ]
      : []),
  ];
  await db.transaction(async (tx) => {
    await tx.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date(now)));
    await tx
      .insert(revokedTokens)
      .values(rows)
      .onConflictDoNothing({ target: revokedTokens.tokenHash });
    for (const row of rows) await announceRevokedToken(tx, row.tokenHash);
    if (auth.grant) await endGrantOf(tx, auth.sub, auth.grant);
  });
}

/**
 * POST /api/v2/user/logout: the app's sign-out ends the access token it sends, and every other
 * access token of its sign-in (the grant the embedded provider's tokens name), not only the
 * session at the provider (which ends the refresh tokens): a copy of any of them taken before is
 * refused from now on, in every server process, instead of working until it expires.
 */
export const signOutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/v2/user/logout', {
    schema: {
      tags: ['auth'],
      summary: 'Signs the sent access token out: it is refused from now on, until it expires',
      response: { 204: z.null(), 401: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const exp = typeof auth.claims.exp === 'number' ? auth.claims.exp : undefined;
      // Verification requires exp; without one there would be nothing to keep the row for.
      if (exp !== undefined) await signOutToken(app.db, auth, exp);
      app.forgetToken(auth.tokenHash);
      if (auth.grant) app.forgetToken(grantName(auth.grant));
      return reply.status(204).send(null);
    },
  });
};
