import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
    const database = await openDatabase({ loadDataDir: await migratedPgliteTemplate() });
    await database.migrate(); // nothing left to run: the template is migrated
    return { database, url: undefined, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `arcadia_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const template = await migratedPostgresTemplate(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(adminUrl, name);
  // Not `arcadia:<pid>`: a restore run by a CLI process beside the test is not refused for it.
  const database = await openDatabase({ url, poolSize: 10, applicationName: 'arcadia-test' });
  await database.migrate(); // nothing left to run: the template is migrated
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

const migrationsDir = path.resolve(import.meta.dirname, '../../src/db/migrations');
const pgliteVersion = (
  JSON.parse(
    fs.readFileSync(
      path.resolve(
        import.meta.dirname,
        '../../../../node_modules/@electric-sql/pglite/package.json',
      ),
      'utf8',
    ),
  ) as { version: string }
).version;

/** A short hash of every migration file (and `salt`): a template is made once per set. */
function migrationsHash(salt: string): string {
  const hash = createHash('sha256').update(salt);
  for (const file of fs.readdirSync(migrationsDir, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsDir, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The name of a database on the server that holds exactly the migrated schema, made once per set
 * of migrations (its name carries their hash, so a template from an older set is never used) and
 * never connected to afterwards: each test database is a copy (`create database ... template`,
 * a quarter of a second) instead of a migration run (several seconds). It is made under a
 * temporary name and renamed when complete, so a run killed half-way leaves no half template.
 */
async function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  const template = `arcadia_template_${migrationsHash('postgres')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (found.rowCount) return template;
    const building = `${template}_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${building}`);
    const database = await openDatabase({ url: databaseUrl(adminUrl, building), poolSize: 2 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    try {
      await admin.query(`alter database ${building} rename to ${template}`);
    } catch (error) {
      // another test worker finished first: use theirs
      await admin.query(`drop database if exists ${building} with (force)`);
      if ((error as { code?: string }).code !== '42P04') throw error;
    }
    return template;
  } finally {
    await admin.end();
  }
}

/**
 * A migrated PGlite data directory as a tarball, made once per set of migrations and PGlite
 * version and shared by every test file through a file in the temp directory: a new PGlite runs
 * initdb (5-10 s on this machine's two cores), loading the dump takes about one.
 */
async function migratedPgliteTemplate(): Promise<Blob> {
  const dir = path.join(os.tmpdir(), 'arcadia-test-pglite');
  const file = path.join(dir, `${migrationsHash(pgliteVersion)}.tar`);
  if (!fs.existsSync(file)) {
    const fresh = await openDatabase({});
    try {
      await fresh.migrate();
      const dump = await fresh.dumpDataDir!();
      fs.mkdirSync(dir, { recursive: true });
      // Several test workers may build it at once: each writes its own file, the rename is atomic.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, file);
    } finally {
      await fresh.close();
    }
  }
  return new Blob([fs.readFileSync(file)]);
}
