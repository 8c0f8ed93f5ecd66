import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { accounts, emailVerifications } from '../../db/schema';
import { EMAIL_VERIFICATION_TTL } from './lifetimes';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new single-use verification token for the account; only its hash is stored. */
export async function createVerificationToken(db: Queryable, accountId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(emailVerifications).values({
    tokenHash: digest(token),
    accountId,
    expiresAt: sql`now() + make_interval(secs => ${EMAIL_VERIFICATION_TTL})`,
  });
  return token;
}

/** Whether the token is one that verifyEmail would spend now (known, unused, unexpired). */
export async function verificationTokenOpen(db: Queryable, token: string): Promise<boolean> {
  const [row] = await db
    .select({ accountId: emailVerifications.accountId })
    .from(emailVerifications)
    .where(
      and(
        eq(emailVerifications.tokenHash, digest(token)),
        isNull(emailVerifications.usedAt),
        gt(emailVerifications.expiresAt, sql`now()`),
      ),
    );
  return Boolean(row);
}

/**
 * Spends the token (one statement, so two requests cannot both use it) and every other open
 * token of the account, and marks the account's e-mail verified, in one transaction. Answers the
 * account id, or undefined when the token is unknown, expired or used (nothing changes then).
 */
export async function verifyEmail(db: Db, token: string): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailVerifications)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailVerifications.tokenHash, digest(token)),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, sql`now()`),
        ),
      )
      .returning({ accountId: emailVerifications.accountId });
    if (!row) return undefined;
    await tx
      .update(emailVerifications)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(emailVerifications.accountId, row.accountId), isNull(emailVerifications.usedAt)),
      );
    await tx.update(accounts).set({ emailVerified: true }).where(eq(accounts.id, row.accountId));
    return row.accountId;
  });
}

/** Removes tokens that are used or expired for a day. */
export async function removeOldVerificationTokens(db: Db): Promise<void> {
  await db
    .delete(emailVerifications)
    .where(
      or(
        lt(emailVerifications.expiresAt, sql`now() - interval '1 day'`),
        and(
          isNotNull(emailVerifications.usedAt),
          lt(emailVerifications.usedAt, sql`now() - interval '1 day'`),
        ),
      ),
    );
}
