import { and, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { usernameSkeleton } from '../../db/username-skeleton';
import { users } from '../../db/schema';
import type { UserRow } from './repository';

/**
 * What the operator console changes on a profile (features/admin/players.ts owns who may):
 * the user name, and the suspension that keeps a player from signing in and playing.
 */

/**
 * Renames a profile with the rules of registration: the name is unique ignoring case and may not
 * look like another one (the same skeleton); its own current name does not count. False (and
 * nothing changed) when the name is taken. A race with another registration is decided by the
 * unique indexes: the caller maps their violation (uniqueViolation) outside its transaction.
 */
export async function renameUser(db: Queryable, user: UserRow, userName: string): Promise<boolean> {
  const skeleton = usernameSkeleton(userName);
  const [clash] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        ne(users.id, user.id),
        or(
          sql`lower(${users.userName}) = lower(${userName})`,
          eq(users.userNameSkeleton, skeleton),
        ),
      ),
    )
    .limit(1);
  if (clash) return false;
  await db.update(users).set({ userName, userNameSkeleton: skeleton }).where(eq(users.id, user.id));
  return true;
}

/** Suspends a profile (with the reason) or lifts its suspension (null). */
export async function setSuspension(
  db: Queryable,
  id: string,
  suspension: { at: Date; reason: string } | null,
): Promise<void> {
  await db
    .update(users)
    .set({ suspendedAt: suspension?.at ?? null, suspendedReason: suspension?.reason ?? null })
    .where(eq(users.id, id));
}

/**
 * Whether the profile linked to a sign-in is suspended: the auth plugin refuses such a token
 * (403 account_suspended), the embedded provider such a sign-in.
 */
export function suspendedSignIn(db: Db): (sub: string) => Promise<boolean> {
  return async (sub) => {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.identitySub, sub), isNotNull(users.suspendedAt)))
      .limit(1);
    return row !== undefined;
  };
}
