import { z } from 'zod';
import { deviceSegmentSchema, type Arcade } from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { badRequest, conflict, notFound } from '../../plugins/errors';
import { findArcade, insertArcade, listArcades } from './repository';

/** What `arcade create` takes; the id becomes the first part of every device code. */
const newArcadeSchema = z.object({
  id: deviceSegmentSchema,
  name: z.string().trim().min(1, { message: 'name must not be empty' }).max(80),
  city: z.string().trim().max(80).default(''),
});
export type NewArcade = z.input<typeof newArcadeSchema>;

/** Validates input outside HTTP (admin commands, seed) with the API's 400 shape. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = result.error.issues.map((i) => ({
    path: i.path.join('.'),
    message: i.message,
  }));
  throw badRequest(details.map((d) => `${d.path}: ${d.message}`).join('; '), details);
}

export async function createArcade(db: Queryable, input: NewArcade): Promise<Arcade> {
  const values = parseInput(newArcadeSchema, input);
  const row = await insertArcade(db, values);
  if (!row) throw conflict(`An arcade with the id "${values.id}" exists already`);
  return { id: row.id, name: row.name, city: row.city };
}

export async function arcadeById(db: Queryable, id: string): Promise<Arcade> {
  const row = await findArcade(db, id);
  if (!row) throw notFound(`No arcade "${id}"`);
  return { id: row.id, name: row.name, city: row.city };
}

export async function arcadeExists(db: Queryable, id: string): Promise<boolean> {
  return (await findArcade(db, id)) !== undefined;
}

export async function allArcades(db: Queryable): Promise<Arcade[]> {
  return (await listArcades(db)).map((r) => ({ id: r.id, name: r.name, city: r.city }));
}
