import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { SEARCH_RESULT_LIMIT } from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { usernameSkeleton } from '../../db/username-skeleton';
import { users } from '../../db/schema';

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

/** Whether a new profile could not take this name (see findUserByName). */
export async function userNameTaken(db: Queryable, userName: string): Promise<boolean> {
  return (await findUserByName(db, userName.trim())) !== undefined;
}

/** Profiles linked to a sign-in (registered players; unclaimed card profiles do not count). */
export async function countLinkedUsers(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(isNotNull(users.identitySub));
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

/**
 * Case-insensitive match anywhere in the name; names starting with the term come first. Only the
 * players whose profile is shown to `viewer` (a player id, or null) are found (visibility.ts).
 */
export async function searchUsers(
  db: Queryable,
  term: string,
  viewer: string | null,
  limit = SEARCH_RESULT_LIMIT,
) {
  const pattern = escapeLike(term.toLowerCase());
  return (
    db
      .select({ id: users.id, name: users.userName })
      .from(users)
      // lower(...) like, not ilike: that is the form the trigram index on lower(user_name) serves.
      .where(
        and(
          sql`lower(${users.userName}) like ${`%${pattern}%`}`,
          or(
            eq(users.profileVisibility, 'everyone'),
            viewer === null
              ? sql`false`
              : or(
                  eq(users.id, viewer),
                  and(
                    eq(users.profileVisibility, 'friends'),
                    sql`exists (select 1 from friendships vf where vf.user_id = ${users.id} and vf.friend_id = ${viewer})`,
                  ),
                ),
          ),
        ),
      )
      .orderBy(
        sql`(lower(${users.userName}) like ${`${pattern}%`}) desc`,
        sql`length(${users.userName})`,
        asc(sql`lower(${users.userName})`),
      )
      .limit(limit)
  );
}

/**
 * Locks the profile row until the transaction ends: whatever would refer to the player (a game,
 * a friendship) waits for it.
 */
export async function lockUser(db: Queryable, id: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

/**
 * Makes the player's own changes of one kind wait for each other (two joins of one player sent
 * at once), without blocking what only references the row: FOR NO KEY UPDATE lets foreign-key
 * checks (a game stored for the player) pass, so it cannot deadlock with them.
 */
export async function queueForPlayer(db: Queryable, id: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('no key update');
}

/**
 * Removes the profile row: the player's name, mail, birthday and the rest. What other features
 * hold of the player they forget first, on 'user.deleted' (service.ts deleteProfile).
 */
export async function deleteUser(db: Queryable, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}
