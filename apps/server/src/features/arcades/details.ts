import type { AdminArcade, ArcadeCreate, ArcadeUpdate, OpeningPeriod } from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { conflict, notFound } from '../../plugins/errors';
import {
  findArcade,
  insertArcade,
  listAllArcades,
  updateArcadeRow,
  type ArcadeRow,
} from './repository';

/** An arcade with everything operators edit (the operator console, features/admin). */
export function toAdminArcade(row: ArcadeRow): AdminArcade {
  return {
    id: row.id,
    name: row.name,
    city: row.city,
    address: row.address,
    openingHours: row.openingHours as OpeningPeriod[],
    logoPath: row.logoPath,
    retiredAt: row.retiredAt?.toISOString() ?? null,
  };
}

export async function arcadeDetails(
  db: Queryable,
  id: string,
  options: { lock?: boolean } = {},
): Promise<AdminArcade> {
  const row = await findArcade(db, id, options);
  if (!row) throw notFound(`No arcade "${id}"`);
  return toAdminArcade(row);
}

/** Every arcade (null) or those of the ids, retired ones too. */
export async function arcadesDetails(db: Queryable, ids: string[] | null): Promise<AdminArcade[]> {
  return (await listAllArcades(db, ids)).map(toAdminArcade);
}

export async function createArcadeDetails(
  db: Queryable,
  input: ArcadeCreate,
): Promise<AdminArcade> {
  const row = await insertArcade(db, input);
  if (!row) throw conflict(`An arcade with the id "${input.id}" exists already`);
  return toAdminArcade(row);
}

/** Changes an arcade; answers it before and after. */
export async function updateArcadeDetails(
  db: Queryable,
  id: string,
  changes: ArcadeUpdate & { retiredAt?: Date },
): Promise<{ before: AdminArcade; after: AdminArcade }> {
  const before = await arcadeDetails(db, id, { lock: true });
  const row = await updateArcadeRow(db, id, changes);
  if (!row) throw notFound(`No arcade "${id}"`);
  return { before, after: toAdminArcade(row) };
}
