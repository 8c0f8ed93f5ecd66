import { sql } from 'drizzle-orm';
import type { AdminContext } from '../command';
import { writeAtomically } from './backup-file';
import { configuredDatabase, serverMajor, type ConfiguredDatabase } from './configured-database';
import { mainTableCounts } from './database-contents';
import { dumpPglite } from './pglite-dump';
import { errorLines, libpqConnection, PG_TOOLS, PgToolError, runTool, toolMajor } from './pg-tools';

/**
 * No owners and no grants, so the script loads as any user into any database (a server's
 * backup into another server, or into PGlite).
 */
const DUMP_OPTIONS = ['--no-owner', '--no-privileges'];

export interface BackupSummary {
  kind: ConfiguredDatabase['kind'];
  bytes: number;
  /** Rows of the main tables, as the dump holds them. */
  counts: Array<[string, number]>;
}

/** Writes a plain-SQL dump of the whole configured database to `file` (see docs/backups.md). */
export async function backupDatabase(
  ctx: AdminContext,
  file: string,
  tools = PG_TOOLS,
): Promise<BackupSummary> {
  const database = configuredDatabase(ctx);
  if (database.kind === 'pglite') {
    // One process holds a PGlite directory: nothing writes while pg_dump reads.
    const counts = await mainTableCounts(ctx.db);
    const dump = await dumpPglite(database.pglite, ctx.db);
    const { bytes } = await writeAtomically(file, async (handle) => {
      await handle.writeFile(new Uint8Array(await dump.arrayBuffer()));
    });
    return { kind: database.kind, bytes, counts };
  }
  const [server, client] = await Promise.all([serverMajor(ctx.db), toolMajor(tools.pgDump)]);
  if (client < server) {
    throw new PgToolError(
      `pg_dump ${client} cannot dump PostgreSQL ${server}: install pg_dump ${server} or newer (Debian: apt install postgresql-client-${server}) and put it first on PATH`,
    );
  }
  const { dbname, env } = libpqConnection(database.url);
  // pg_dump reads the snapshot this transaction exports, so the counts are those of the dump
  // even while servers keep writing.
  return ctx.db.transaction(
    async (tx) => {
      const snapshot = await tx.execute<{ id: string }>(sql`select pg_export_snapshot() as id`);
      const counts = await mainTableCounts(tx);
      const { bytes } = await writeAtomically(file, async (handle) => {
        const args = [...DUMP_OPTIONS, `--snapshot=${snapshot.rows[0]!.id}`, `--dbname=${dbname}`];
        const { code, stderr } = await runTool(tools.pgDump, args, { stdout: handle.fd, env });
        if (code !== 0) throw new PgToolError(`pg_dump failed: ${errorLines(stderr)}`);
      });
      return { kind: database.kind, bytes, counts };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
