import { count, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import {
  accounts,
  arcades,
  devices,
  friendships,
  gamePlayers,
  games,
  news,
  playerStats,
  users,
  visits,
} from '../../db/schema';

/** The tables whose row counts tell an operator at a glance what a backup holds. */
const MAIN_TABLES: PgTable[] = [
  users,
  accounts,
  friendships,
  arcades,
  devices,
  games,
  gamePlayers,
  playerStats,
  visits,
  news,
];

/** Row counts of the main tables; a table the database lacks (an older backup's) is left out. */
export async function mainTableCounts(db: Queryable): Promise<Array<[string, number]>> {
  const names = MAIN_TABLES.map((table) => getTableName(table));
  const present = await db.execute<{ name: string }>(sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relname in (${sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    )})`);
  const existing = new Set(present.rows.map((row) => row.name));
  const counts: Array<[string, number]> = [];
  for (const table of MAIN_TABLES) {
    if (!existing.has(getTableName(table))) continue;
    const [row] = await db.select({ n: count() }).from(table);
    counts.push([getTableName(table), row?.n ?? 0]);
  }
  return counts;
}

export const formatCounts = (counts: Array<[string, number]>) =>
  counts.map(([table, n]) => `${table} ${n}`).join(', ');

/** The tables of these schemas (or of all but the system's), as regclass text. */
async function userTables(db: Queryable, schemas?: string[]): Promise<string[]> {
  const inSchemas = schemas
    ? sql`n.nspname in (${sql.join(
        schemas.map((s) => sql`${s}`),
        sql`, `,
      )})`
    : sql`n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\_%'`;
  const tables = await db.execute<{ name: string }>(sql`
    select c.oid::regclass::text as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and ${inSchemas}
    order by 1`);
  return tables.rows.map((t) => t.name);
}

/** Whether a table has a row matching `where` (a table named by `userTables`). */
export async function anyRow(db: Queryable, table: string, where = sql`true`): Promise<boolean> {
  // regclass text is schema-qualified and quoted where needed: safe to splice.
  const found = await db.execute(sql`select 1 from ${sql.raw(table)} as t where ${where} limit 1`);
  return found.rows.length > 0;
}

/**
 * Tables every migrated database fills: the migrations journal, and the built-in game catalogue
 * (migration 0022 installs commando and its modes). An operator's change to the catalogue is
 * audited in the same transaction, so a database holding one has `audit_log` rows and still
 * counts as holding data.
 */
const FILLED_BY_MIGRATIONS = new Set([
  'drizzle.__drizzle_migrations',
  'applications',
  'game_modes',
]);

/**
 * The tables in these schemas that hold at least one row: what a restore would replace. What the
 * migrations themselves write does not count (FILLED_BY_MIGRATIONS).
 */
export async function tablesWithRows(db: Queryable, schemas: string[]): Promise<string[]> {
  const filled: string[] = [];
  for (const table of await userTables(db, schemas)) {
    if (FILLED_BY_MIGRATIONS.has(table)) continue;
    if (await anyRow(db, table)) filled.push(table);
  }
  return filled;
}

/** A schema name from `CREATE SCHEMA x;` as written in the script (quoted or not) → its name. */
export const schemaName = (ident: string) =>
  ident.startsWith('"') ? ident.slice(1, -1).replaceAll('""', '"') : ident;

/**
 * The SQL that empties the database for a script that creates `schemas` (as written in it):
 * those schemas and `public` are dropped with all they hold (tables, functions, triggers, the
 * pg_trgm extension), and `public` is created again as a new database has it, because pg_dump
 * assumes it exists. Runs inside the restore's transaction.
 */
export function replaceSchemasSql(schemas: string[]): string {
  const createsPublic = schemas.some((s) => schemaName(s) === 'public');
  return [
    // Quiet about the cascade; give up soon on a table a running server holds.
    'SET LOCAL client_min_messages = warning;',
    "SET LOCAL lock_timeout = '10s';",
    ...schemas
      .filter((s) => schemaName(s) !== 'public')
      .map((s) => `DROP SCHEMA IF EXISTS ${s} CASCADE;`),
    'DROP SCHEMA IF EXISTS public CASCADE;',
    ...(createsPublic
      ? []
      : [
          'CREATE SCHEMA public;',
          'GRANT USAGE ON SCHEMA public TO PUBLIC;',
          "COMMENT ON SCHEMA public IS 'standard public schema';",
          // PostgreSQL 15 and later give public to pg_database_owner; keep it so where we may.
          `DO $$ BEGIN
  IF current_setting('server_version_num')::int >= 150000 THEN
    IF pg_has_role('pg_database_owner', 'MEMBER') THEN
      ALTER SCHEMA public OWNER TO pg_database_owner;
    END IF;
  END IF;
END $$;`,
        ]),
  ].join('\n');
}
