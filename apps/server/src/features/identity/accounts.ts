import { and, eq, sql } from 'drizzle-orm';
import type { JWTPayload } from 'jose';
import type { Queryable } from '../../db/client';
import { signOutGrantsIn } from './sign-out';
import {
  accounts,
  emailVerifications,
  loginThrottle,
  oidcModels,
  passwordResets,
} from '../../db/schema';

export type AccountRow = typeof accounts.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findAccountById(db: Queryable, id: string): Promise<AccountRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

export async function findAccountByEmail(
  db: Queryable,
  email: string,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(eq(accounts.email, normalizeEmail(email)));
  return row;
}

/** Inserts an account; undefined when the e-mail is already taken (also under a race). */
export async function insertAccount(
  db: Queryable,
  values: { email: string; passwordHash: string; nickname: string; language: 'de' | 'en' },
): Promise<AccountRow | undefined> {
  const [row] = await db
    .insert(accounts)
    .values({ ...values, email: normalizeEmail(values.email) })
    .onConflictDoNothing({ target: accounts.email })
    .returning();
  return row;
}

export async function setPasswordHash(db: Queryable, id: string, passwordHash: string) {
  await db.update(accounts).set({ passwordHash }).where(eq(accounts.id, id));
}

/**
 * Replaces a hash of the same password made with older parameters, only if it is still the
 * stored one: a password reset that commits while the sign-in hashes again must not be undone.
 * False when the password changed meanwhile.
 */
export async function rehashPassword(
  db: Queryable,
  id: string,
  verifiedHash: string,
  passwordHash: string,
): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ passwordHash })
    .where(and(eq(accounts.id, id), eq(accounts.passwordHash, verifiedHash)))
    .returning({ id: accounts.id });
  return rows.length > 0;
}

/**
 * The account's access tokens issued until now are refused from now on (plugins/auth.ts; the
 * caller announces it to every process): with endAllSessions, signed out everywhere.
 */
export async function refuseTokensIssuedBefore(db: Queryable, id: string) {
  // An external issuer's subject names no account here (and is no uuid).
  if (!UUID.test(id)) return;
  // The server's clock, not the database's: tokens carry the server's Date.now() (ISSUED_MS_CLAIM),
  // and a database host's clock a few milliseconds behind would let a token issued just before
  // this through. Nor `now()`, the transaction's start: a token issued while it ran would pass.
  await db.update(accounts).set({ tokensValidAfter: new Date() }).where(eq(accounts.id, id));
}

/**
 * Deletes the account a sign-in subject names (its reset tokens go with it, by cascade) and
 * answers its e-mail; undefined when the subject is not one of this provider's accounts.
 */
export async function deleteAccount(db: Queryable, sub: string): Promise<string | undefined> {
  if (!UUID.test(sub)) return undefined;
  const [row] = await db
    .delete(accounts)
    .where(eq(accounts.id, sub))
    .returning({ email: accounts.email });
  return row?.email;
}

/**
 * Signs the account out everywhere: its sessions, grants and tokens at the provider, and the
 * sign-ins in progress that name it (an interaction keeps the account in its session and in its
 * login result, not at the top). The access tokens of its grants are refused by the grant's name
 * from when this commits, whatever they say of their time: also one that a refresh, having read
 * its grant before this, issues after the cut of refuseTokensIssuedBefore.
 */
export async function endAllSessions(db: Queryable, accountId: string): Promise<void> {
  const payload = oidcModels.payload;
  const ended = await db
    .delete(oidcModels)
    .where(
      sql`${payload}->>'accountId' = ${accountId}
        or ${payload}->'session'->>'accountId' = ${accountId}
        or ${payload}->'result'->'login'->>'accountId' = ${accountId}`,
    )
    .returning({ model: oidcModels.model, id: oidcModels.id, grantId: oidcModels.grantId });
  const grants = ended.flatMap((row) =>
    row.model === 'Grant' ? [row.id] : row.grantId ? [row.grantId] : [],
  );
  await signOutGrantsIn(db, grants);
}

/** The e-mail of an embedded-provider account by its sub; null when it is not one of ours. */
export async function accountEmail(db: Queryable, sub: string): Promise<string | null> {
  return (await findAccountById(db, sub))?.email ?? null;
}

/**
 * The address a player signs in with, and whether it is proven: the embedded provider's account
 * (its tokens carry no e-mail), else an external issuer's e-mail claim (proven when the claim's
 * `email_verified` says so). Null when neither gives one.
 */
export async function signInAddress(
  db: Queryable,
  sub: string,
  claims: JWTPayload,
): Promise<{ email: string; verified: boolean } | null> {
  const account = await findAccountById(db, sub);
  if (account) return { email: account.email, verified: account.emailVerified };
  const claimed = claims.email;
  return typeof claimed === 'string' && claimed.includes('@')
    ? { email: claimed.toLowerCase(), verified: claims.email_verified === true }
    : null;
}

/** The e-mail of an embedded-provider account by its sub once verified; null otherwise. */
export async function verifiedAccountEmail(db: Queryable, sub: string): Promise<string | null> {
  const account = await findAccountById(db, sub);
  return account?.emailVerified ? account.email : null;
}

/**
 * What the provider holds about an account, for the player's data export (features/privacy):
 * the account without its password hash, its reset and e-mail verification links (when they
 * expire, whether used), its
 * sessions, grants and tokens by kind and lifetime (never the credentials themselves), and the
 * failed-attempt counters keyed by its e-mail. Null when the subject is not one of ours.
 */
export async function accountForExport(db: Queryable, sub: string) {
  const account = await findAccountById(db, sub);
  if (!account) return null;
  const resets = await db
    .select({ expiresAt: passwordResets.expiresAt, usedAt: passwordResets.usedAt })
    .from(passwordResets)
    .where(eq(passwordResets.accountId, account.id))
    .orderBy(passwordResets.expiresAt);
  const verifications = await db
    .select({
      createdAt: emailVerifications.createdAt,
      expiresAt: emailVerifications.expiresAt,
      usedAt: emailVerifications.usedAt,
    })
    .from(emailVerifications)
    .where(eq(emailVerifications.accountId, account.id))
    .orderBy(emailVerifications.createdAt);
  const sessions = await db
    .select({
      kind: oidcModels.model,
      expiresAt: oidcModels.expiresAt,
      consumedAt: oidcModels.consumedAt,
    })
    .from(oidcModels)
    .where(sql`${oidcModels.payload}->>'accountId' = ${account.id}`)
    .orderBy(oidcModels.model, oidcModels.expiresAt);
  const throttle = await db
    .select({
      key: loginThrottle.key,
      failures: loginThrottle.failures,
      windowStart: loginThrottle.windowStart,
      blockedUntil: loginThrottle.blockedUntil,
    })
    .from(loginThrottle)
    .where(
      sql`substr(${loginThrottle.key}, position(':' in ${loginThrottle.key}) + 1) = ${account.email}`,
    );
  return {
    email: account.email,
    nickname: account.nickname,
    emailVerified: account.emailVerified,
    language: account.language,
    createdAt: account.createdAt,
    passwordResets: resets,
    emailVerifications: verifications,
    signIns: sessions,
    failedAttempts: throttle.map(({ key, ...row }) => ({ kind: key.split(':')[0], ...row })),
  };
}
