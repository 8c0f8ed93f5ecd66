import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { SEARCH_RESULT_LIMIT } from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { usernameSkeleton } from '../../db/username-skeleton';
import { accounts, gamePlayers, oidcModels, pushOutbox, users, visits } from '../../db/schema';

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
 * Removes a player's personal data for real: the profile row (with it, by cascade, friendships
 * both ways, push subscriptions, device seat, stats and visits), the embedded identity account
 * and its sessions and grants. Other players' games keep the rows, anonymised.
 */
export async function deleteUserData(db: Queryable, user: UserRow): Promise<void> {
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
  if (user.identitySub) {
    await db
      .delete(oidcModels)
      .where(sql`${oidcModels.payload}->>'accountId' = ${user.identitySub}`);
    if (/^[0-9a-f-]{36}$/i.test(user.identitySub)) {
      await db.delete(accounts).where(eq(accounts.id, user.identitySub));
    }
  }
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
