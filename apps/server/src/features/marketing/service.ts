import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  MARKETING_CONFIRMATION_HOURS,
  MARKETING_CONSENT_VERSION,
  MARKETING_MIN_AGE,
  needsParentConsent,
  PARENT_CONFIRMATION_HOURS,
} from '@arcadia/contracts';
import type { Db, Queryable } from '../../db/client';
import { marketingConsents, marketingTokens, users } from '../../db/schema';
import { badRequest } from '../../plugins/errors';

export type ConsentSource = 'registration' | 'settings' | 'mail' | 'parent';

/**
 * The mail a request sends once committed (the tokens themselves; only their hashes are
 * stored): the player's double opt-in mail with its confirm and unsubscribe links, or, for a
 * player under 16, the parent's confirmation mail.
 */
export type ConfirmationLinks =
  | { to: 'player'; confirmToken: string; unsubscribeToken: string }
  | { to: 'parent'; parentMail: string; parentToken: string };

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

async function record(
  db: Queryable,
  userId: string,
  action: 'requested' | 'confirmed' | 'withdrawn',
  source: ConsentSource,
  from?: { parentMail?: string; ip?: string },
): Promise<void> {
  await db.insert(marketingConsents).values({
    userId,
    action,
    source,
    textVersion: MARKETING_CONSENT_VERSION,
    parentMail: from?.parentMail ?? null,
    ip: from?.ip ?? null,
  });
}

/** The player's confirmation links (own and parent's) that still work. */
const openConfirmations = (
  userId: string,
  kinds: Array<'confirm' | 'parent-confirm'> = ['confirm', 'parent-confirm'],
) =>
  and(
    eq(marketingTokens.userId, userId),
    inArray(marketingTokens.kind, kinds),
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

/** Whether the player's own confirmation mail is out with a link that still works. */
export async function marketingPending(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ tokenHash: marketingTokens.tokenHash })
    .from(marketingTokens)
    .where(openConfirmations(userId, ['confirm']))
    .limit(1);
  return row !== undefined;
}

/** The parent's address a confirmation mail is out to with a link that still works; or null. */
export async function marketingAwaitsParent(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ parentMail: marketingTokens.parentMail })
    .from(marketingTokens)
    .where(openConfirmations(userId, ['parent-confirm']))
    .orderBy(sql`${marketingTokens.createdAt} desc`)
    .limit(1);
  return row?.parentMail ?? null;
}

/**
 * The player ticked 'Marketing Mails' (in the caller's transaction): nothing is consented yet.
 * Undefined when the player has consented already (nothing to do). Older open links are spent.
 *
 * - 16 or older (or no birthday): a single-use confirmation link (24 h) and an unsubscribe link
 *   for the player's own address. Following it proves the address too (users.mail_verified_at).
 * - Under 16 (the birthday decides, DSGVO Art. 8): `parentMail` is required (400 naming it), and
 *   it is not the player's own (the profile's or `signInMail`, the account's sign-in address); a
 *   single-use link (PARENT_CONFIRMATION_HOURS) for the parent. Marketing stays off until the
 *   parent follows it.
 *
 * The request is recorded; the caller mails the links once committed.
 */
export async function requestMarketingConsent(
  db: Queryable,
  user: { id: string; marketingConsent: boolean; birthday: string | null; mail: string | null },
  source: ConsentSource,
  request: {
    parentMail?: string | undefined;
    /** The address the player signs in with (never a parent's). */
    signInMail?: string | null;
    /** Called once the request is valid and a mail will go (a rate limit may refuse it here). */
    admit?: () => Promise<void>;
  } = {},
): Promise<ConfirmationLinks | undefined> {
  const { parentMail, signInMail, admit } = request;
  if (user.marketingConsent) return undefined;
  if (needsParentConsent(user.birthday)) {
    const parent = parentMail?.toLowerCase();
    if (!parent)
      throw badRequest(`parentMail is required for marketing mails under ${MARKETING_MIN_AGE}`, [
        { path: 'parentMail', message: 'parentMail is required for players under 16' },
      ]);
    // Neither the profile's address nor the one the player signs in with: the player reads both.
    const own = [user.mail, signInMail].map((mail) => mail?.trim().toLowerCase());
    if (own.includes(parent))
      throw badRequest("parentMail must be a parent's address, not the player's own", [
        { path: 'parentMail', message: "parentMail must be a parent's address" },
      ]);
    await admit?.();
    await spendConfirmations(db, user.id);
    const parentToken = newToken();
    await db.insert(marketingTokens).values({
      tokenHash: digest(parentToken),
      userId: user.id,
      kind: 'parent-confirm',
      parentMail: parent,
      expiresAt: sql`now() + make_interval(hours => ${PARENT_CONFIRMATION_HOURS})`,
    });
    await record(db, user.id, 'requested', source, { parentMail: parent });
    return { to: 'parent', parentMail: parent, parentToken };
  }
  await admit?.();
  await spendConfirmations(db, user.id);
  const links = { to: 'player' as const, confirmToken: newToken(), unsubscribeToken: newToken() };
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
 * An open confirmation link (unknown, expired and used ones answer undefined): whose it is, so
 * that its page can ask before anything changes. Reads only.
 */
export async function openConfirmation(
  db: Queryable,
  token: string,
  kind: 'confirm' | 'parent-confirm',
): Promise<{ userName: string; language: 'de' | 'en' } | undefined> {
  const [row] = await db
    .select({ userName: users.userName, language: users.language })
    .from(marketingTokens)
    .innerJoin(users, eq(users.id, marketingTokens.userId))
    .where(
      and(
        eq(marketingTokens.tokenHash, digest(token)),
        eq(marketingTokens.kind, kind),
        isNull(marketingTokens.usedAt),
        gt(marketingTokens.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/**
 * The player pressed the confirm button of the double opt-in link's page (from `ip`): spends it (one statement, so two requests cannot both use it) and
 * the player's other open ones, sets the consent and records it, in one transaction. Answers
 * the player's id, or undefined for an unknown, expired or used token (nothing changes then).
 */
export async function confirmMarketingConsent(
  db: Db,
  token: string,
  ip: string,
): Promise<string | undefined> {
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
    // The link went to the profile's address: following it proves the address as well.
    await tx
      .update(users)
      .set({
        marketingConsent: true,
        mailVerifiedAt: sql`coalesce(${users.mailVerifiedAt}, now())`,
      })
      .where(eq(users.id, row.userId));
    await record(tx, row.userId, 'confirmed', 'mail', { ip });
    return row.userId;
  });
}

/**
 * Follows a parent's confirmation link (a player under 16): spends it and the player's other
 * open links, sets the consent and records the parent's confirmation — who (the parent's
 * address), when, and from where (`ip`) — in one transaction. Answers the player's user name
 * and language (the page thanks the parent), or undefined for an unknown, expired or used token.
 */
export async function confirmParentConsent(
  db: Db,
  token: string,
  ip: string,
): Promise<{ userName: string; language: 'de' | 'en' } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(marketingTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(marketingTokens.tokenHash, digest(token)),
          eq(marketingTokens.kind, 'parent-confirm'),
          isNull(marketingTokens.usedAt),
          gt(marketingTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: marketingTokens.userId, parentMail: marketingTokens.parentMail });
    if (!row) return undefined;
    await spendConfirmations(tx, row.userId);
    const [user] = await tx
      .update(users)
      .set({ marketingConsent: true })
      .where(eq(users.id, row.userId))
      .returning({ userName: users.userName, language: users.language });
    await record(tx, row.userId, 'confirmed', 'parent', { parentMail: row.parentMail ?? '', ip });
    return user;
  });
}

/**
 * Who may be sent marketing mail: players who consented (double opt-in, or a parent's
 * confirmation) and whose profile address is proven — the link of the double opt-in went to it
 * (users.mail_verified_at), or it is the verified e-mail of their account. A consenting player
 * whose address is unproven (a minor whose parent confirmed) gets nothing until it is proven.
 */
export async function marketingRecipients(
  db: Queryable,
): Promise<Array<{ id: string; mail: string; language: 'de' | 'en' }>> {
  const result = await db.execute<{ id: string; mail: string; language: 'de' | 'en' }>(sql`
    select u.id, u.mail, u.language
    from users u
    left join accounts a on a.id::text = u.identity_sub
    where u.marketing_consent and u.mail is not null and u.suspended_at is null
      and (u.mail_verified_at is not null
           or (a.email_verified and lower(a.email) = lower(u.mail)))
    order by u.id`);
  return result.rows;
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
