import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';

/**
 * `npm run migrate`: brings the database to the current schema and exits, for deployments that
 * migrate once before starting (or replacing) the server processes. Takes the same advisory
 * lock as a starting server, so it is safe beside them. Never seeds.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
    poolSize: 2,
  });
  try {
    await database.exclusively(() => database.migrate());
    console.log(`[migrate] ${database.kind}: the schema is up to date`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
