import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
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

export async function profileByName(
  db: Queryable,
  userName: string,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${userName})`)
    .limit(1);
  return row;
}

/** Sets the identity of a still unclaimed profile; undefined when someone claimed it first. */
export async function claimProfile(
  db: Queryable,
  id: string,
  sub: string,
  mail: string | null,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ identitySub: sub, mail: sql`coalesce(${users.mail}, ${mail})` })
    .where(and(eq(users.id, id), isNull(users.identitySub)))
    .returning();
  return row;
}

/** A profile without an identity, for a printed user card. */
export async function insertUnclaimedProfile(db: Queryable, userName: string): Promise<ProfileRow> {
  const [row] = await db.insert(users).values({ userName }).returning();
  return row!;
}
