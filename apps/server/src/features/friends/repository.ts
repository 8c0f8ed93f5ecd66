import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { friendships, users } from '../../db/schema';

export async function listFriends(db: Queryable, userId: string) {
  return db
    .select({ userId: users.id, userName: users.userName })
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .where(eq(friendships.userId, userId))
    .orderBy(asc(sql`lower(${users.userName})`));
}

/** Inserts the friendship; false when it already existed (never two rows). */
export async function insertFriendship(
  db: Queryable,
  userId: string,
  friendId: string,
): Promise<boolean> {
  const rows = await db
    .insert(friendships)
    .values({ userId, friendId })
    .onConflictDoNothing()
    .returning({ userId: friendships.userId });
  return rows.length > 0;
}

/** Every friendship of the player, both ways. */
export async function deleteFriendshipsOf(db: Queryable, userId: string): Promise<void> {
  await db
    .delete(friendships)
    .where(or(eq(friendships.userId, userId), eq(friendships.friendId, userId)));
}

/** Removes the player's friendship with `friendId` (their own row); false when there was none. */
export async function deleteFriendship(
  db: Queryable,
  userId: string,
  friendId: string,
): Promise<boolean> {
  const rows = await db
    .delete(friendships)
    .where(and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)))
    .returning({ userId: friendships.userId });
  return rows.length > 0;
}

/** Whether `friendId` is on the player's friend list. */
export async function isFriend(db: Queryable, userId: string, friendId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: friendships.userId })
    .from(friendships)
    .where(and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)))
    .limit(1);
  return rows.length > 0;
}
