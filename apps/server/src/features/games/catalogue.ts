import { asc, eq } from 'drizzle-orm';
import type { AdminMap, MapCreate, MapUpdate } from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { maps } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../plugins/errors';
import { APPLICATIONS } from './overview-content';

/**
 * The maps of the games (the `maps` table): what a device's report may name, and what the games
 * overview shows. Written by the operator console (features/admin) and the demo seed.
 */

export async function allMaps(db: Queryable): Promise<AdminMap[]> {
  return db.select().from(maps).orderBy(asc(maps.applicationId), asc(maps.id));
}

async function mapById(db: Queryable, id: string): Promise<AdminMap> {
  const [row] = await db.select().from(maps).where(eq(maps.id, id)).limit(1);
  if (!row) throw notFound(`No map "${id}"`);
  return row;
}

/** Adds a map of a known game; 409 when the id exists. */
export async function createMap(db: Queryable, input: MapCreate): Promise<AdminMap> {
  const row = await insertMap(db, input);
  if (!row) throw conflict(`A map with the id "${input.id}" exists already`);
  return row;
}

/** Adds a map unless one with its id exists (the demo seed): undefined then. */
export async function insertMap(db: Queryable, input: MapCreate): Promise<AdminMap | undefined> {
  if (!APPLICATIONS[input.applicationId])
    throw badRequest(`No game "${input.applicationId}"`, [
      { path: 'applicationId', message: `No game "${input.applicationId}"` },
    ]);
  const [row] = await db.insert(maps).values(input).onConflictDoNothing().returning();
  return row;
}

/** Renames a map or changes its icon; answers it before and after. */
export async function updateMap(db: Queryable, id: string, changes: MapUpdate) {
  const before = await mapById(db, id);
  const [after] = await db.update(maps).set(changes).where(eq(maps.id, id)).returning();
  return { before, after: after! };
}
