import { eq, lt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, TOKEN_LEEWAY_SECONDS } from '@arcadia/contracts';
import type { Db } from '../../db/client';
import { revokedTokens } from '../../db/schema';
import { announceRevokedToken, requireAuth } from '../../plugins/auth';

/** Whether a token (by its tokenHash) was signed out: one primary-key lookup. */
export function tokenSignedOut(db: Db): (hash: string) => Promise<boolean> {
  return async (hash) => {
    const [row] = await db
      .select({ hash: revokedTokens.tokenHash })
      .from(revokedTokens)
      .where(eq(revokedTokens.tokenHash, hash))
      .limit(1);
    return Boolean(row);
  };
}

/**
 * Signs one access token out until it expires, and tells every server process (each drops it
 * from its cache of verified tokens when this commits). Rows of tokens expired by now go.
 */
export async function signOutToken(db: Db, hash: string, expiresAtSeconds: number): Promise<void> {
  // Kept until the verification itself would refuse the token (its exp plus the leeway).
  const expiresAt = new Date((expiresAtSeconds + TOKEN_LEEWAY_SECONDS) * 1000);
  await db.transaction(async (tx) => {
    await tx.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
    await tx
      .insert(revokedTokens)
      .values({ tokenHash: hash, expiresAt })
      .onConflictDoNothing({ target: revokedTokens.tokenHash });
    await announceRevokedToken(tx, hash);
  });
}

/**
 * POST /api/v2/user/logout: the app's sign-out ends the access token it sends, not only the
 * session at the provider (which ends the refresh tokens): a copy of the token taken before is
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
      if (exp !== undefined) await signOutToken(app.db, auth.tokenHash, exp);
      app.forgetToken(auth.tokenHash);
      return reply.status(204).send(null);
    },
  });
};
