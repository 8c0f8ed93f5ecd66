import { asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { arcades } from '../../db/schema';

export type ArcadeRow = typeof arcades.$inferSelect;

/** The arcade's row; with `lock`, locked for the transaction (an edit and its audit's before). */
export async function findArcade(
  db: Queryable,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ArcadeRow | undefined> {
  const query = db.select().from(arcades).where(eq(arcades.id, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Inserts the arcade; undefined when one with this id exists already. */
export async function insertArcade(
  db: Queryable,
  values: Pick<ArcadeRow, 'id' | 'name' | 'city'> &
    Partial<Pick<ArcadeRow, 'address' | 'openingHours' | 'logoPath'>>,
): Promise<ArcadeRow | undefined> {
  const [row] = await db.insert(arcades).values(values).onConflictDoNothing().returning();
  return row;
}

/** The arcades open for business (not retired), by id. */
export async function listArcades(db: Queryable): Promise<ArcadeRow[]> {
  return db.select().from(arcades).where(isNull(arcades.retiredAt)).orderBy(asc(arcades.id));
}

/** Every arcade, retired ones too, or those of the given ids (null: all). */
export async function listAllArcades(db: Queryable, ids: string[] | null): Promise<ArcadeRow[]> {
  if (ids?.length === 0) return [];
  return db
    .select()
    .from(arcades)
    .where(ids ? inArray(arcades.id, ids) : undefined)
    .orderBy(asc(arcades.id));
}

export async function updateArcadeRow(
  db: Queryable,
  id: string,
  values: Partial<
    Pick<ArcadeRow, 'name' | 'city' | 'address' | 'openingHours' | 'logoPath' | 'retiredAt'>
  >,
): Promise<ArcadeRow | undefined> {
  const [row] = await db.update(arcades).set(values).where(eq(arcades.id, id)).returning();
  return row;
}
