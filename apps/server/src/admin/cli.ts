import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { featureEvents } from '../features/events';
import type { AdminContext } from './command';
import { commands } from './commands';

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
    if (!command.keepsSchema) await database.exclusively(() => database.migrate());
    const ctx: AdminContext = {
      db: database.db,
      config,
      events: featureEvents(config),
      out: (line) => console.log(line),
    };
    return await command.run(rest, ctx);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    // 75 (EX_TEMPFAIL): the database is busy; scripts can tell it from a failed command.
    process.exit(error instanceof DataDirLockedError ? 75 : 1);
  },
);
