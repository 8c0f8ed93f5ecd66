import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { MARKETING_CONFIRMATION_HOURS, MARKETING_CONSENT_VERSION } from '@arcadia/contracts';
import type { Db, Queryable } from '../../db/client';
import { marketingConsents, marketingTokens, users } from '../../db/schema';

export type ConsentSource = 'registration' | 'settings' | 'mail';

/** The two links of a confirmation mail (the tokens themselves; only their hashes are stored). */
export interface ConfirmationLinks {
  confirmToken: string;
  unsubscribeToken: string;
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

async function record(
  db: Queryable,
  userId: string,
  action: 'requested' | 'confirmed' | 'withdrawn',
  source: ConsentSource,
): Promise<void> {
  await db
    .insert(marketingConsents)
    .values({ userId, action, source, textVersion: MARKETING_CONSENT_VERSION });
}

const openConfirmations = (userId: string) =>
  and(
    eq(marketingTokens.userId, userId),
    eq(marketingTokens.kind, 'confirm'),
    isNull(marketingTokens.usedAt),
    gt(marketingTokens.expiresAt, sql`now()`),
  );

/** Spends every open confirmation link of the player (a new one, or a withdrawal, ends them). */
async function spendConfirmations(db: Queryable, userId: string): Promise<number> {
  const spent = await db
    .update(marketingTokens)
    .set({ usedAt: sql`now()` })
    .where(openConfirmations(userId))
    .returning({ tokenHash: marketingTokens.tokenHash });
  return spent.length;
}

/** Whether a confirmation mail of the player is out with a link that still works. */
export async function marketingPending(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ tokenHash: marketingTokens.tokenHash })
    .from(marketingTokens)
    .where(openConfirmations(userId))
    .limit(1);
  return row !== undefined;
}

/**
 * The player ticked 'Marketing Mails' (in the caller's transaction): nothing is consented yet.
 * A new single-use confirmation link (24 h; older open ones are spent) and an unsubscribe link
 * are made and the request recorded; the caller mails the links once committed. Undefined when
 * the player has consented already (nothing to do).
 */
export async function requestMarketingConsent(
  db: Queryable,
  user: { id: string; marketingConsent: boolean },
  source: ConsentSource,
): Promise<ConfirmationLinks | undefined> {
  if (user.marketingConsent) return undefined;
  await spendConfirmations(db, user.id);
  const links = { confirmToken: newToken(), unsubscribeToken: newToken() };
  await db.insert(marketingTokens).values([
    {
      tokenHash: digest(links.confirmToken),
      userId: user.id,
      kind: 'confirm',
      expiresAt: sql`now() + make_interval(hours => ${MARKETING_CONFIRMATION_HOURS})`,
    },
    { tokenHash: digest(links.unsubscribeToken), userId: user.id, kind: 'unsubscribe' },
  ]);
  await record(db, user.id, 'requested', source);
  return links;
}

/**
 * The player withdraws (unticked, or the unsubscribe link), in the caller's transaction: the
 * consent goes, open confirmation links are spent, the withdrawal is recorded. Answers false
 * (and records nothing) when there was neither a consent nor an open request.
 */
export async function withdrawMarketingConsent(
  db: Queryable,
  userId: string,
  source: ConsentSource,
): Promise<boolean> {
  const [was] = await db
    .select({ consent: users.marketingConsent })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!was) return false;
  const spent = await spendConfirmations(db, userId);
  if (!was.consent && spent === 0) return false;
  if (was.consent)
    await db.update(users).set({ marketingConsent: false }).where(eq(users.id, userId));
  await record(db, userId, 'withdrawn', source);
  return true;
}

/**
 * Follows a confirmation link: spends it (one statement, so two requests cannot both use it) and
 * the player's other open ones, sets the consent and records it, in one transaction. Answers
 * the player's id, or undefined for an unknown, expired or used token (nothing changes then).
 */
export async function confirmMarketingConsent(db: Db, token: string): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(marketingTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(marketingTokens.tokenHash, digest(token)),
          eq(marketingTokens.kind, 'confirm'),
          isNull(marketingTokens.usedAt),
          gt(marketingTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: marketingTokens.userId });
    if (!row) return undefined;
    await spendConfirmations(tx, row.userId);
    await tx.update(users).set({ marketingConsent: true }).where(eq(users.id, row.userId));
    await record(tx, row.userId, 'confirmed', 'mail');
    return row.userId;
  });
}

/**
 * Follows an unsubscribe link (it works any number of times): withdraws as above, source
 * 'mail'. Answers 'withdrawn', 'none' (nothing was on), or undefined for an unknown token.
 */
export async function unsubscribeMarketing(
  db: Db,
  token: string,
): Promise<'withdrawn' | 'none' | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(marketingTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(marketingTokens.tokenHash, digest(token)), eq(marketingTokens.kind, 'unsubscribe')),
      )
      .returning({ userId: marketingTokens.userId });
    if (!row) return undefined;
    return (await withdrawMarketingConsent(tx, row.userId, 'mail')) ? 'withdrawn' : 'none';
  });
}
