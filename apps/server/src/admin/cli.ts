import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import type { AdminCommand, AdminContext } from './command';

/**
 * `npm run admin -- <group> <action> [--flags]`. Each group lives in commands/<group>.ts and
 * exports `command: AdminCommand`; a group needs no registration here.
 */
async function main(argv: string[]): Promise<number> {
  const [group, ...rest] = argv;
  const dir = path.join(import.meta.dirname, 'commands');
  const groups = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.replace(/\.ts$/, ''));
  if (!group || group === 'help' || group === '--help' || !groups.includes(group)) {
    console.log('Usage: npm run admin -- <group> <action> [options]\n');
    for (const name of groups) {
      const { command } = (await import(path.join(dir, `${name}.ts`))) as { command: AdminCommand };
      console.log(`  ${name.padEnd(10)} ${command.summary}`);
      for (const line of command.usage) console.log(`      ${line}`);
    }
    return group && group !== 'help' && group !== '--help' ? 2 : 0;
  }
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    await database.migrate();
    const { command } = (await import(path.join(dir, `${group}.ts`))) as { command: AdminCommand };
    const ctx: AdminContext = { db: database.db, config, out: (line) => console.log(line) };
    return await command.run(rest, ctx);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
