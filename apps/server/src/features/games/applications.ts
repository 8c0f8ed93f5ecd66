import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type {
  AdminApplication,
  AdminMode,
  ApplicationCreate,
  ApplicationUpdate,
  GameMode,
  LocalizedText,
  ModeCreate,
  ModeUpdate,
} from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { applications, gameModes } from '../../db/schema';
import { conflict, notFound } from '../../plugins/errors';

/**
 * The applications (games) of the catalogue and the modes each offers: what the /games pages
 * explain, what leaderboards exist for, and what a device's report may be played in. Written by
 * the operator console (features/admin) and installed by migration 0022 (commando).
 */

type ApplicationRow = typeof applications.$inferSelect;
type ModeRow = typeof gameModes.$inferSelect;

const bilingual = (de: string, en: string): LocalizedText => ({ de, en });

function toAdminMode(row: ModeRow): AdminMode {
  return {
    applicationId: row.applicationId,
    id: row.id,
    name: bilingual(row.nameDe, row.nameEn),
    description: bilingual(row.descriptionDe, row.descriptionEn),
    teams: row.id !== 'freeforall',
    iconPath: row.iconPath,
    position: row.position,
    retiredAt: row.retiredAt?.toISOString() ?? null,
  };
}

function toAdminApplication(row: ApplicationRow, modes: ModeRow[]): AdminApplication {
  return {
    id: row.id,
    name: row.name,
    description: bilingual(row.descriptionDe, row.descriptionEn),
    iconPath: row.iconPath,
    modes: modes.filter((m) => m.applicationId === row.id).map(toAdminMode),
  };
}

const modeOrder = [asc(gameModes.position), asc(gameModes.id)];

export async function applicationExists(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.id, id))
    .limit(1);
  return Boolean(row);
}

/** Every application with every mode (retired ones too), as the console lists them. */
export async function allApplications(db: Queryable): Promise<AdminApplication[]> {
  const [apps, modes] = await Promise.all([
    db.select().from(applications).orderBy(asc(applications.id)),
    db
      .select()
      .from(gameModes)
      .orderBy(...modeOrder),
  ]);
  return apps.map((a) => toAdminApplication(a, modes));
}

export async function applicationById(db: Queryable, id: string): Promise<AdminApplication> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).limit(1);
  if (!row) throw notFound(`No game "${id}"`);
  const modes = await db
    .select()
    .from(gameModes)
    .where(eq(gameModes.applicationId, id))
    .orderBy(...modeOrder);
  return toAdminApplication(row, modes);
}

/** The application and the modes it offers now (not retired), as /games/{id} explains them. */
export async function publicApplication(db: Queryable, id: string) {
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).limit(1);
  if (!row) return undefined;
  const modes = await db
    .select()
    .from(gameModes)
    .where(and(eq(gameModes.applicationId, id), isNull(gameModes.retiredAt)))
    .orderBy(...modeOrder);
  return {
    id: row.id,
    name: row.name,
    description: bilingual(row.descriptionDe, row.descriptionEn),
    modes: modes.map((m): GameMode => ({
      type: m.id,
      name: bilingual(m.nameDe, m.nameEn),
      description: bilingual(m.descriptionDe, m.descriptionEn),
      teams: m.id !== 'freeforall',
    })),
  };
}

/** Adds an application; 409 when the id exists. */
export async function createApplication(
  db: Queryable,
  input: ApplicationCreate,
): Promise<AdminApplication> {
  const [row] = await db
    .insert(applications)
    .values({
      id: input.id,
      name: input.name,
      descriptionDe: input.description.de,
      descriptionEn: input.description.en,
      iconPath: input.iconPath,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(`A game with the id "${input.id}" exists already`);
  return toAdminApplication(row, []);
}

/** Changes an application's name, description or icon; answers it before and after. */
export async function updateApplication(db: Queryable, id: string, changes: ApplicationUpdate) {
  const before = await applicationById(db, id);
  await db
    .update(applications)
    .set({
      name: changes.name,
      descriptionDe: changes.description?.de,
      descriptionEn: changes.description?.en,
      iconPath: changes.iconPath,
    })
    .where(eq(applications.id, id));
  return { before, after: await applicationById(db, id) };
}

async function modeById(db: Queryable, applicationId: string, id: ModeRow['id']) {
  const [row] = await db
    .select()
    .from(gameModes)
    .where(and(eq(gameModes.applicationId, applicationId), eq(gameModes.id, id)))
    .limit(1);
  if (!row) throw notFound(`The game "${applicationId}" has no mode "${id}"`);
  return toAdminMode(row);
}

/** Adds a mode to an application (last unless a position is given); 409 when it has it. */
export async function createMode(
  db: Queryable,
  applicationId: string,
  input: ModeCreate,
): Promise<AdminMode> {
  if (!(await applicationExists(db, applicationId))) throw notFound(`No game "${applicationId}"`);
  const [row] = await db
    .insert(gameModes)
    .values({
      applicationId,
      id: input.id,
      nameDe: input.name.de,
      nameEn: input.name.en,
      descriptionDe: input.description.de,
      descriptionEn: input.description.en,
      iconPath: input.iconPath,
      position:
        input.position ??
        sql`(select coalesce(max(${gameModes.position}) + 1, 0) from ${gameModes} where ${gameModes.applicationId} = ${applicationId})`,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(`The game "${applicationId}" has the mode "${input.id}" already`);
  return toAdminMode(row);
}

/** Changes a mode (or retires it: retiredAt); answers it before and after. */
export async function updateMode(
  db: Queryable,
  applicationId: string,
  id: ModeRow['id'],
  changes: ModeUpdate | { retiredAt: Date | null },
) {
  const before = await modeById(db, applicationId, id);
  const set =
    'retiredAt' in changes
      ? { retiredAt: changes.retiredAt }
      : {
          nameDe: changes.name?.de,
          nameEn: changes.name?.en,
          descriptionDe: changes.description?.de,
          descriptionEn: changes.description?.en,
          iconPath: changes.iconPath,
          position: changes.position,
        };
  const [row] = await db
    .update(gameModes)
    .set(set)
    .where(and(eq(gameModes.applicationId, applicationId), eq(gameModes.id, id)))
    .returning();
  return { before, after: toAdminMode(row!) };
}
