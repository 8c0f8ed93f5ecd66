import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { usernameSkeleton } from '../../db/username-skeleton';
import { users } from '../../db/schema';

export type ProfileRow = typeof users.$inferSelect;

export async function profileBySub(db: Queryable, sub: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.identitySub, sub)).limit(1);
  return row;
}

/** The profile a card points at, locked until the transaction ends so two links cannot race. */
export async function profileForUpdate(db: Queryable, id: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  return row;
}

export async function profileById(db: Queryable, id: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** A profile whose name is this one ignoring case, or looks like it (the same skeleton). */
export async function profileByName(
  db: Queryable,
  userName: string,
): Promise<ProfileRow | undefined> {
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

/**
 * Sets the identity of a still unclaimed profile whose card secret has this hash, and spends the
 * secret; undefined when someone claimed it first or the secret changed meanwhile.
 */
export async function claimProfile(
  db: Queryable,
  id: string,
  secretHash: string,
  sub: string,
  mail: string | null,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ identitySub: sub, mail: sql`coalesce(${users.mail}, ${mail})`, cardSecretHash: null })
    .where(and(eq(users.id, id), isNull(users.identitySub), eq(users.cardSecretHash, secretHash)))
    .returning();
  return row;
}

/** A profile without an identity, for a printed user card with this claim secret (hashed). */
export async function insertUnclaimedProfile(
  db: Queryable,
  userName: string,
  cardSecretHash: string,
): Promise<ProfileRow> {
  const [row] = await db
    .insert(users)
    .values({ userName, userNameSkeleton: usernameSkeleton(userName), cardSecretHash })
    .returning();
  return row!;
}

/** Replaces the claim secret of an unclaimed profile; undefined when it is claimed or unknown. */
export async function replaceCardSecret(
  db: Queryable,
  id: string,
  cardSecretHash: string,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ cardSecretHash })
    .where(and(eq(users.id, id), isNull(users.identitySub)))
    .returning();
  return row;
}

/** Every unclaimed profile, oldest first, with whether a printed card can claim it. */
export async function unclaimedProfiles(db: Queryable) {
  return db
    .select({
      id: users.id,
      userName: users.userName,
      claimable: sql<boolean>`${users.cardSecretHash} is not null`,
    })
    .from(users)
    .where(isNull(users.identitySub))
    .orderBy(asc(users.createdAt), asc(users.id));
}
