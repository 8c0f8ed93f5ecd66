import type { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { BackupError } from './backup-error';
import { anyRow } from './database-contents';

/**
 * PGlite's pg_dump writes INSERTs (it cannot COPY out); many rows per INSERT restore faster.
 * No owners and no grants, so the script loads as any user into any database.
 */
const PGLITE_DUMP_OPTIONS = ['--no-owner', '--no-privileges', '--rows-per-insert=1000'];

/**
 * pglite-tools 0.4.8 removes every line of its pg_dump output that starts with `\restrict` or
 * `\unrestrict` (any case, also after a lone CR): pg_dump's psql guards, but also such a line
 * inside a text value, which INSERTs keep literally. This finds the tables with such a value,
 * so a backup never loses it quietly. Only columns whose text can hold a line break are read
 * (strings, arrays, composites; a backslash is doubled inside the last two).
 */
async function tablesTheDumpWouldCut(db: Queryable): Promise<string[]> {
  const columns = await db.execute<{ table_name: string; columns: string[] }>(sql`
    select a.attrelid::regclass::text as table_name, array_agg(quote_ident(a.attname)) as columns
    from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_type t on t.oid = a.atttypid
    where c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      and t.typcategory in ('S', 'A', 'C', 'U') and t.typname not in ('json', 'jsonb')
    group by 1 order by 1`);
  const guardLine = '[\n\r\u2028\u2029]\\\\+(un)?restrict\\M';
  const cut: string[] = [];
  for (const { table_name, columns: names } of columns.rows) {
    const anyColumn = sql.join(
      names.map((column) => sql`${sql.raw(column)}::text ~* ${guardLine}`),
      sql` or `,
    );
    if (await anyRow(db, table_name, anyColumn)) cut.push(table_name);
  }
  return cut;
}

/** The plain-SQL dump of the whole PGlite database, or a BackupError. */
export async function dumpPglite(pglite: PGlite, db: Queryable): Promise<File> {
  const cut = await tablesTheDumpWouldCut(db);
  if (cut.length > 0) {
    throw new BackupError(
      `${cut.join(', ')} hold text with a line starting with \\restrict or \\unrestrict, which PGlite's pg_dump (pglite-tools 0.4.8) would drop; change that text, or back up from PostgreSQL`,
    );
  }
  try {
    return await pgDump({ pg: pglite, args: PGLITE_DUMP_OPTIONS });
  } catch (error) {
    throw new BackupError(
      `pg_dump failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    // pg_dump shares PGlite's one session and leaves it inside its read-only transaction, with
    // its settings (extra_float_digits 3, search_path ''): give the session back as it was.
    if (pglite.isInTransaction()) await pglite.exec('ROLLBACK');
    await pglite.exec('RESET ALL');
  }
}
