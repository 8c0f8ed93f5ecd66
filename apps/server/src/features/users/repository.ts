import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { SEARCH_RESULT_LIMIT } from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { ACCOUNT_DELETED_CHANNEL } from '../../plugins/auth';
import { usernameSkeleton } from '../../db/username-skeleton';
import {
  accounts,
  gamePlayers,
  loginThrottle,
  oidcModels,
  pushOutbox,
  users,
  visits,
} from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserBySub(db: Queryable, sub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.identitySub, sub)).limit(1);
  return row;
}

/** A profile whose name is this one ignoring case, or looks like it (the same skeleton). */
export async function findUserByName(
  db: Queryable,
  userName: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      or(
        sql`lower(${users.userName}) = lower(${userName})`,
        eq(users.userNameSkeleton, usernameSkeleton(userName)),
      ),
    )
    .limit(1);
  return row;
}

export async function countLinkedUsers(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return Number(row?.n ?? 0);
}

/** A new profile; its name's skeleton is stored with it (unique: no look-alike names). */
export async function insertUser(
  db: Queryable,
  values: Omit<typeof users.$inferInsert, 'userNameSkeleton'>,
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, userNameSkeleton: usernameSkeleton(values.userName) })
    .returning();
  return row!;
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Case-insensitive match anywhere in the name; names starting with the term come first. */
export async function searchUsers(db: Queryable, term: string, limit = SEARCH_RESULT_LIMIT) {
  const pattern = escapeLike(term.toLowerCase());
  return (
    db
      .select({ id: users.id, name: users.userName })
      .from(users)
      // lower(...) like, not ilike: that is the form the trigram index on lower(user_name) serves.
      .where(sql`lower(${users.userName}) like ${`%${pattern}%`}`)
      .orderBy(
        sql`(lower(${users.userName}) like ${`${pattern}%`}) desc`,
        sql`length(${users.userName})`,
        asc(sql`lower(${users.userName})`),
      )
      .limit(limit)
  );
}

export const DELETED_PLAYER_NAME = 'Deleted player';

/**
 * The tables a deletion writes to (directly, by cascade or by trigger): vacuumed after it
 * commits so that the deleted rows' bytes do not stay in the table files.
 */
export const DELETION_TABLES = [
  'users',
  'friendships',
  'device_players',
  'push_subscriptions',
  'push_outbox',
  'player_stats',
  'player_stats_periods',
  'visits',
  'game_players',
  'games',
  'accounts',
  'oidc_models',
  'password_resets',
  'login_throttle',
] as const;

export interface DeletedUser {
  /** The embedded provider's account e-mail, when the player had such an account. */
  accountEmail: string | null;
}

/**
 * Removes a player's personal data for real: the profile row (with it, by cascade, friendships
 * both ways, push subscriptions, device seat, stats and visits), the embedded identity account
 * with its sessions, grants and reset tokens, and the sign-in throttle counters keyed by its
 * e-mail. Other players' games keep the rows, anonymised. Tells the other server processes that
 * the account is gone (NOTIFY, delivered on commit) so that its tokens stop working there too.
 */
export async function deleteUserData(db: Queryable, user: UserRow): Promise<DeletedUser> {
  await db
    .update(gamePlayers)
    .set({ name: DELETED_PLAYER_NAME, userId: null })
    .where(eq(gamePlayers.userId, user.id));
  await db.update(visits).set({ recordedBy: null }).where(eq(visits.recordedBy, user.id));
  // Other players' pending or kept "X added you as a friend" notifications carry the name.
  await db
    .delete(pushOutbox)
    .where(
      and(
        eq(pushOutbox.kind, 'friend_added'),
        sql`${pushOutbox.payload}::text like ${`%friend-${user.id}%`}`,
      ),
    );
  await db.delete(users).where(eq(users.id, user.id));
  let accountEmail: string | null = null;
  if (user.identitySub) {
    await db
      .delete(oidcModels)
      .where(sql`${oidcModels.payload}->>'accountId' = ${user.identitySub}`);
    if (/^[0-9a-f-]{36}$/i.test(user.identitySub)) {
      const [account] = await db
        .delete(accounts)
        .where(eq(accounts.id, user.identitySub))
        .returning({ email: accounts.email });
      accountEmail = account?.email ?? null;
    }
    if (accountEmail) {
      // Keys of features/identity/service.ts: sign-in failures and reset requests per e-mail.
      await db
        .delete(loginThrottle)
        .where(inArray(loginThrottle.key, [`account:${accountEmail}`, `reset:${accountEmail}`]));
    }
    await db.execute(sql`select pg_notify(${ACCOUNT_DELETED_CHANNEL}, ${user.identitySub})`);
  }
  return { accountEmail };
}

export async function unclaimedProfiles(db: Queryable) {
  return db.select().from(users).where(isNull(users.identitySub));
}

export async function linkIdentity(db: Queryable, userId: string, sub: string) {
  const [row] = await db
    .update(users)
    .set({ identitySub: sub })
    .where(and(eq(users.id, userId), isNull(users.identitySub)))
    .returning();
  return row;
}
