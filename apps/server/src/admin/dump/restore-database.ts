import fs from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { APPLICATION_NAME_PREFIX } from '../../db/client';
import { isStorageFull } from '../../db/connection-errors';
import type { AdminContext } from '../command';
import { BackupError } from './backup-error';
import { configuredDatabase, serverMajor, type ConfiguredDatabase } from './configured-database';
import {
  mainTableCounts,
  replaceSchemasSql,
  schemaName,
  tablesWithRows,
} from './database-contents';
import { checkDumpFile, schemasCreatedBy, scriptForServer, scriptSteps } from './dump-script';
import { errorLines, libpqConnection, PG_TOOLS, PgToolError, runTool } from './pg-tools';

class RestoreRefused extends BackupError {}

export interface RestoreSummary {
  kind: ConfiguredDatabase['kind'];
  bytes: number;
  /** Whether the file carried the backup command's checksum (and it matched). */
  sealed: boolean;
  /** Tables that held rows before and were replaced (only with `force`). */
  replaced: string[];
  counts: Array<[string, number]>;
}

/**
 * Loads a plain-SQL pg_dump script into the configured database, replacing the schemas it
 * creates and `public`, all in one transaction: a failure leaves the database as it was. A
 * database that holds data is only replaced with `force`.
 */
export async function restoreDatabase(
  ctx: AdminContext,
  file: string,
  options: { force: boolean; unsealed?: boolean },
  tools = PG_TOOLS,
): Promise<RestoreSummary> {
  const database = configuredDatabase(ctx);
  const { bytes, sealed } = await checkDumpFile(file);
  if (!sealed && !options.unsealed) {
    throw new RestoreRefused(
      `${file} has no checksum line (a backup of an older Arcadia, or pg_dump run by hand), so lines missing from its middle could not be told; nothing was changed. restore --unsealed loads it with only its completeness checked`,
    );
  }
  const schemas = await schemasCreatedBy(file);
  const replaced = await tablesWithRows(ctx.db, ['public', ...schemas.map(schemaName)]);
  if (replaced.length > 0 && !options.force) {
    const some = replaced.slice(0, 4).join(', ') + (replaced.length > 4 ? ', …' : '');
    throw new RestoreRefused(
      `the database already holds data (${some}); nothing was changed. restore --force replaces all of it`,
    );
  }
  if (database.kind === 'postgres') await refuseWhileServersRun(ctx);
  const replace = replaceSchemasSql(schemas);
  if (database.kind === 'pglite') await restoreIntoPglite(database.pglite, file, replace);
  else await restoreIntoPostgres(database.url, await serverMajor(ctx.db), file, replace, tools);
  return { kind: database.kind, bytes, sealed, replaced, counts: await mainTableCounts(ctx.db) };
}

/**
 * Refuses a restore into a PostgreSQL database other Arcadia processes are connected to (their
 * connections are named `arcadia:<pid>`): what a running server writes meanwhile would be lost
 * without a word, since the servers hold no lock the restore would wait for.
 */
async function refuseWhileServersRun(ctx: AdminContext): Promise<void> {
  const { rows } = await ctx.db.execute<{ pid: string; connections: number }>(sql`
    select substr(application_name, ${APPLICATION_NAME_PREFIX.length + 1}) as pid,
           count(*)::int as connections
    from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid()
      and application_name like ${`${APPLICATION_NAME_PREFIX}%`}
      and application_name <> ${`${APPLICATION_NAME_PREFIX}${process.pid}`}
    group by 1 order by 1`);
  if (rows.length === 0) return;
  const processes = rows.map((r) => `pid ${r.pid} (${r.connections} connections)`).join(', ');
  throw new RestoreRefused(
    `Arcadia processes are connected to this database: ${processes}; stop the servers first, nothing was changed`,
  );
}

async function restoreIntoPglite(pglite: PGlite, file: string, replace: string): Promise<void> {
  const steps = scriptSteps(await fs.readFile(file, 'utf8'));
  try {
    await pglite.transaction(async (tx) => {
      await tx.exec(replace);
      for (const step of steps) {
        if ('sql' in step) await tx.exec(step.sql);
        else await tx.query(step.copy, [], { blob: new Blob([step.rows]) });
      }
    });
  } catch (error) {
    const message = isStorageFull(error)
      ? 'the disk holding DATA_DIR is full (ENOSPC): free space, then restore again'
      : error instanceof Error
        ? error.message
        : String(error);
    throw new BackupError(`the restore failed, nothing was changed: ${message}`);
  } finally {
    // The script's SETs (search_path '' among them) outlive its transaction; the session goes on.
    // After a failed write the session may be gone too: that must not hide why the restore failed.
    await pglite.exec('RESET ALL').catch(() => undefined);
  }
}

/**
 * psql reads BEGIN, the replacement, the script and COMMIT from stdin (`--single-transaction`
 * with a leading command, but safe against a cut-off input too: without the COMMIT it ends in
 * a rollback). ON_ERROR_STOP makes psql quit at the first error, before COMMIT.
 */
async function restoreIntoPostgres(
  url: string,
  server: number,
  file: string,
  replace: string,
  tools: typeof PG_TOOLS,
): Promise<void> {
  async function* input(): AsyncGenerator<string> {
    yield 'BEGIN;\n';
    yield `${replace}\n`;
    yield* scriptForServer(file, server);
    yield 'COMMIT;\n';
  }
  const { dbname, env } = libpqConnection(url);
  const args = [
    '--no-psqlrc',
    '--quiet',
    '--set=ON_ERROR_STOP=1',
    `--dbname=${dbname}`,
    '--file=-',
  ];
  const { code, stderr } = await runTool(tools.psql, args, { stdin: input(), env });
  if (code !== 0) {
    const busy = /lock timeout/.test(stderr) ? ' (stop the servers using the database first)' : '';
    throw new PgToolError(`psql failed, nothing was changed${busy}: ${errorLines(stderr)}`);
  }
}
