import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { arcades } from '../../db/schema';

export type ArcadeRow = typeof arcades.$inferSelect;

export async function findArcade(db: Queryable, id: string): Promise<ArcadeRow | undefined> {
  const [row] = await db.select().from(arcades).where(eq(arcades.id, id)).limit(1);
  return row;
}

/** Inserts the arcade; undefined when one with this id exists already. */
export async function insertArcade(
  db: Queryable,
  values: { id: string; name: string; city: string },
): Promise<ArcadeRow | undefined> {
  const [row] = await db.insert(arcades).values(values).onConflictDoNothing().returning();
  return row;
}

export async function listArcades(db: Queryable): Promise<ArcadeRow[]> {
  return db.select().from(arcades).orderBy(asc(arcades.id));
}
