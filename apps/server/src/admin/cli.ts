import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase, type Db } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { recordedPublicUrl } from '../db/server-settings';
import { featureEvents } from '../features/events';
import { startupProblem } from '../startup-errors';
import type { AdminContext } from './command';
import { commands } from './commands';

/** Whether the database has the migrations' journal with at least one migration in it. */
async function holdsSchema(db: Db): Promise<boolean> {
  const journal = await db.execute<{ present: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (journal.rows[0]?.present !== true) return false;
  const applied = await db.execute(sql`select 1 from drizzle.__drizzle_migrations limit 1`);
  return applied.rows.length > 0;
}

/**
 * The links the commands print (a card's claim URL, on the card too; a published article) are the
 * server's: its PUBLIC_URL as the last server to start here recorded it, unless this shell sets
 * PUBLIC_URL itself. Before, they were http://localhost:8080 unless the operator repeated it.
 */
async function withServersPublicUrl(db: Db, config: Config): Promise<Config> {
  if (process.env.PUBLIC_URL) return config;
  const recorded = await recordedPublicUrl(db).catch(() => null);
  return recorded ? { ...config, publicUrl: recorded } : config;
}

const where = (config: Config) =>
  config.databaseUrl ? 'the database at DATABASE_URL' : `DATA_DIR=${path.resolve(config.dataDir)}`;

/**
 * `npm run admin -- <group> <action> [--flags]`. Each group lives in commands/<group>.ts, exports
 * `command: AdminCommand` and has its line in commands/index.ts.
 */
async function main(argv: string[]): Promise<number> {
  const [group, ...rest] = argv;
  const command = group ? commands[group] : undefined;
  if (!command) {
    console.log('Usage: npm run admin -- <group> <action> [options]\n');
    for (const [name, command] of Object.entries(commands)) {
      console.log(`  ${name.padEnd(10)} ${command.summary}`);
      for (const line of command.usage) console.log(`      ${line}`);
    }
    return group && group !== 'help' && group !== '--help' ? 2 : 0;
  }
  const config = loadConfig();
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!config.databaseUrl && command.needsExistingDatabase && !fs.existsSync(pgliteDir)) {
    console.error(
      `error: there is no database in DATA_DIR=${path.resolve(config.dataDir)} (no ${path.resolve(pgliteDir)}): ` +
        "set DATA_DIR (or DATABASE_URL) to the server's",
    );
    return 1;
  }
  let database;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      dataDir: pgliteDir,
    });
  } catch (error) {
    if (!(error instanceof DataDirLockedError) || !command.runThroughServer) throw error;
    const out = (line: string) => console.log(line);
    out(`The server (pid ${error.holder.pid}) holds the database: asking it.`);
    return command.runThroughServer(rest, { config, out });
  }
  try {
    if (command.needsExistingDatabase && !(await holdsSchema(database.db))) {
      // A PGlite folder made by a first start or a restore killed before its migrations: a
      // backup of it would be an empty file that says it succeeded.
      console.error(
        `error: there is no database in ${where(config)}: it holds no Arcadia schema (a first ` +
          'start or a restore stopped before it was written); start the server once or restore a backup into it',
      );
      return 1;
    }
    if (!command.keepsSchema) await database.exclusively(() => database.migrate());
    const linked = await withServersPublicUrl(database.db, config);
    const ctx: AdminContext = {
      db: database.db,
      config: linked,
      events: featureEvents(linked),
      out: (line) => console.log(line),
    };
    return await command.run(rest, ctx);
  } finally {
    await database.close();
  }
}

/**
 * What to tell the operator: the setting to fix, as the server says it at start (an unreachable
 * database, a refused role), found on the error or what it wraps (a failed query wraps the
 * driver's error: 'Failed query: select to_regclass(…)' said nothing of the cause); else the
 * error's message.
 */
function explain(error: unknown): unknown {
  if (error instanceof ConfigError) return error.message;
  let config: Config | undefined;
  try {
    config = loadConfig();
  } catch {
    config = undefined;
  }
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const problem = config && startupProblem(e, config);
    if (problem) return problem;
  }
  return error instanceof Error ? error.message : error;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(explain(error));
    // 75 (EX_TEMPFAIL): the database is busy; scripts can tell it from a failed command.
    process.exit(error instanceof DataDirLockedError ? 75 : 1);
  },
);
