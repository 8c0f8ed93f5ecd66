import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { FileObject } from './function-files';

/** A function or trigger as a database has it. */
export interface CatalogEntry {
  kind: 'function' | 'trigger';
  name: string;
  /** Functions: name(argument types), the form DROP FUNCTION takes. Triggers: undefined. */
  identity?: string;
  /** Functions: the result type. */
  result?: string;
  /** Triggers: the table. */
  table?: string;
  /** pg_get_functiondef / pg_get_triggerdef. */
  definition: string;
}

/** Keyed by "function name(args)" or "trigger name on table". */
export type Catalog = Map<string, CatalogEntry>;

/**
 * A fresh in-memory PGlite with every migration of `migrationsDir` applied by drizzle's
 * migrator, the one the server runs (so a migration missing from the journal is not applied).
 */
export async function migratedDatabase(migrationsDir: string): Promise<PGlite> {
  const client = new PGlite({ extensions: { pg_trgm } });
  try {
    await migrate(drizzle(client), { migrationsFolder: migrationsDir });
  } catch (error) {
    await client.close();
    throw error;
  }
  return client;
}

/** The functions and triggers the application owns: public schema, not an extension's. */
export async function readCatalog(db: PGlite): Promise<Catalog> {
  const catalog: Catalog = new Map();
  const functions = await db.query<{
    name: string;
    identity: string;
    result: string;
    definition: string;
  }>(`
    select p.proname as name, p.oid::regprocedure::text as identity,
           pg_get_function_result(p.oid) as result, pg_get_functiondef(p.oid) as definition
    from pg_proc p
    where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
      and not exists (select 1 from pg_depend d
                      where d.classid = 'pg_proc'::regclass and d.objid = p.oid
                        and d.deptype = 'e')
    order by 2`);
  for (const f of functions.rows) {
    catalog.set(`function ${f.identity}`, { kind: 'function', ...f });
  }
  const triggers = await db.query<{ name: string; table: string; definition: string }>(`
    select t.tgname as name, c.relname as table, pg_get_triggerdef(t.oid) as definition
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where not t.tgisinternal and c.relnamespace = 'public'::regnamespace
    order by 1, 2`);
  for (const t of triggers.rows) {
    catalog.set(`trigger ${t.name} on ${t.table}`, { kind: 'trigger', ...t });
  }
  return catalog;
}

/** The statement that drops a catalog entry. */
export function dropStatement(entry: CatalogEntry): string {
  return entry.kind === 'trigger'
    ? `DROP TRIGGER IF EXISTS ${entry.name} ON ${entry.table};`
    : `DROP FUNCTION IF EXISTS ${entry.identity};`;
}

/**
 * Replaces every function and trigger the application owns by those of the files: drops them
 * all, then runs the files' statements in install order. Afterwards the catalog is exactly the
 * files'.
 */
export async function installFiles(db: PGlite, objects: FileObject[]): Promise<void> {
  const current = [...(await readCatalog(db)).values()];
  for (const entry of current.filter((e) => e.kind === 'trigger')) {
    await db.exec(dropStatement(entry));
  }
  for (const entry of current.filter((e) => e.kind === 'function')) {
    await db.exec(`DROP FUNCTION IF EXISTS ${entry.identity} CASCADE;`);
  }
  for (const o of objects) {
    try {
      await db.exec(o.sql);
    } catch (error) {
      throw new Error(`${o.file}: ${o.kind} ${o.name} does not install: ${String(error)}`, {
        cause: error,
      });
    }
  }
}

export interface CatalogDiff {
  /** In the files, not installed by the migrations (new, or a changed argument list). */
  added: string[];
  /** Installed by the migrations, in no file. */
  removed: string[];
  /** In both, with another definition. */
  changed: string[];
}

export function diffCatalogs(migrated: Catalog, files: Catalog): CatalogDiff {
  const diff: CatalogDiff = { added: [], removed: [], changed: [] };
  for (const [key, entry] of files) {
    const before = migrated.get(key);
    if (!before) diff.added.push(key);
    else if (before.definition !== entry.definition) diff.changed.push(key);
  }
  for (const key of migrated.keys()) if (!files.has(key)) diff.removed.push(key);
  return diff;
}

export const isEmptyDiff = (d: CatalogDiff) =>
  d.added.length + d.removed.length + d.changed.length === 0;

/**
 * Builds the database from the migrations and compares its functions and triggers with those
 * of the files installed on top (one PGlite: read, replace by the files, read again).
 */
export async function compareWithMigrations(
  migrationsDir: string,
  objects: FileObject[],
): Promise<{ migrated: Catalog; files: Catalog; diff: CatalogDiff }> {
  const db = await migratedDatabase(migrationsDir);
  try {
    const migrated = await readCatalog(db);
    await installFiles(db, objects);
    const files = await readCatalog(db);
    return { migrated, files, diff: diffCatalogs(migrated, files) };
  } finally {
    await db.close();
  }
}
