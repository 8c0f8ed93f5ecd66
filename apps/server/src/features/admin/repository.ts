import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { staffArcades } from '../../db/schema';

/** The arcades a staff member runs, by id. */
export async function staffArcadesOf(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db
    .select({ arcadeId: staffArcades.arcadeId })
    .from(staffArcades)
    .where(eq(staffArcades.userId, userId))
    .orderBy(asc(staffArcades.arcadeId));
  return rows.map((r) => r.arcadeId);
}

/** Replaces the arcades a user runs as staff (none: an empty list). */
export async function replaceStaffArcades(
  db: Queryable,
  userId: string,
  arcadeIds: readonly string[],
): Promise<void> {
  await db.delete(staffArcades).where(eq(staffArcades.userId, userId));
  if (arcadeIds.length > 0)
    await db.insert(staffArcades).values(arcadeIds.map((arcadeId) => ({ userId, arcadeId })));
}
