import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client';

/** Which database this test run uses: PGlite always, PostgreSQL in the run that sets TEST_DB. */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  database: Database;
  /** The postgres:// URL of the fresh database, for a second process (postgres runs only). */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new database with a
 * random name on the server at TEST_DATABASE_URL (servers keep what earlier runs left, so we
 * never reuse one), dropped afterwards.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB === 'none')
    throw new Error('server:unit runs no database: a test that needs one is not *.unit.test.ts');
  if (testDbKind === 'pglite') {
    const database = await openDatabase({});
    await database.migrate();
    return { database, url: undefined, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `arcadia_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.href, poolSize: 10 });
  await database.migrate();
  return {
    database,
    url: url.href,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
