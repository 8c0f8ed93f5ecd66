import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, isNotNull, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { passwordResets } from '../../db/schema';
import { PASSWORD_RESET_TTL } from './lifetimes';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new single-use reset token for the account; only its hash is stored. */
export async function createResetToken(db: Db, accountId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResets).values({
    tokenHash: digest(token),
    accountId,
    expiresAt: sql`now() + make_interval(secs => ${PASSWORD_RESET_TTL})`,
  });
  return token;
}

const usable = (token: string) =>
  and(
    eq(passwordResets.tokenHash, digest(token)),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
  );

/** The account of a token that could still be used (to show the form); it is not spent. */
export async function resetTokenAccount(db: Queryable, token: string): Promise<string | undefined> {
  const [row] = await db
    .select({ accountId: passwordResets.accountId })
    .from(passwordResets)
    .where(usable(token));
  return row?.accountId;
}

/**
 * Spends the token (one statement, so two requests cannot both use it) and every other open
 * token of the account; returns the account id, or undefined when the token is not usable.
 */
export async function consumeResetToken(db: Queryable, token: string): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(usable(token))
    .returning({ accountId: passwordResets.accountId });
  if (!row) return undefined;
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.accountId, row.accountId), isNull(passwordResets.usedAt)));
  return row.accountId;
}

/** Removes tokens that are used or expired for a day. */
export async function removeOldResetTokens(db: Db): Promise<void> {
  await db
    .delete(passwordResets)
    .where(
      or(
        lt(passwordResets.expiresAt, sql`now() - interval '1 day'`),
        and(
          isNotNull(passwordResets.usedAt),
          lt(passwordResets.usedAt, sql`now() - interval '1 day'`),
        ),
      ),
    );
}
