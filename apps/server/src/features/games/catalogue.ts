import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AdminMap, MapCreate, MapUpdate } from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { maps } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../plugins/errors';
import { applicationExists } from './applications';

/**
 * The maps of the games (the `maps` table): what a device's report may name, and what the games
 * overview shows. Written by the operator console (features/admin) and the demo seed. A retired
 * map leaves the overview and new reports on it are refused; stored games keep it.
 */

type MapRow = typeof maps.$inferSelect;

const toAdminMap = (row: MapRow): AdminMap => ({
  id: row.id,
  applicationId: row.applicationId,
  name: row.name,
  iconPath: row.iconPath,
  retiredAt: row.retiredAt?.toISOString() ?? null,
});

export async function allMaps(db: Queryable): Promise<AdminMap[]> {
  const rows = await db.select().from(maps).orderBy(asc(maps.applicationId), asc(maps.id));
  return rows.map(toAdminMap);
}

/** The maps an application is played on now (not retired), by name: the overview's list. */
export async function playableMaps(db: Queryable, applicationId: string) {
  return db
    .select({ id: maps.id, name: maps.name, iconPath: maps.iconPath })
    .from(maps)
    .where(and(eq(maps.applicationId, applicationId), isNull(maps.retiredAt)))
    .orderBy(asc(maps.name));
}

export async function mapById(db: Queryable, id: string): Promise<AdminMap> {
  const [row] = await db.select().from(maps).where(eq(maps.id, id)).limit(1);
  if (!row) throw notFound(`No map "${id}"`);
  return toAdminMap(row);
}

/** Adds a map of a known game; 409 when the id exists. */
export async function createMap(db: Queryable, input: MapCreate): Promise<AdminMap> {
  const row = await insertMap(db, input);
  if (!row) throw conflict(`A map with the id "${input.id}" exists already`);
  return row;
}

/** Adds a map unless one with its id exists (the demo seed): undefined then. */
export async function insertMap(db: Queryable, input: MapCreate): Promise<AdminMap | undefined> {
  if (!(await applicationExists(db, input.applicationId)))
    throw badRequest(`No game "${input.applicationId}"`, [
      { path: 'applicationId', message: `No game "${input.applicationId}"` },
    ]);
  const [row] = await db.insert(maps).values(input).onConflictDoNothing().returning();
  return row && toAdminMap(row);
}

/** Renames a map, changes its icon, or retires it (retiredAt); answers it before and after. */
export async function updateMap(
  db: Queryable,
  id: string,
  changes: MapUpdate | { retiredAt: Date | null },
) {
  const before = await mapById(db, id);
  const [after] = await db.update(maps).set(changes).where(eq(maps.id, id)).returning();
  return { before, after: toAdminMap(after!) };
}
