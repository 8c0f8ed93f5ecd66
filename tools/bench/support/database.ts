import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../../apps/server/src/db/client';

export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  /** postgres:// URL of the fresh database. */
  url: string;
  /** The server's admin URL with any password hidden, for the report. */
  server: string;
  database: Database;
  /** Runs raw SQL on its own connection (bulk loads, EXPLAIN). */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<pg.QueryResult<T>>;
  drop(): Promise<void>;
}

const hidePassword = (url: string) => url.replace(/\/\/([^:@/]+):[^@]*@/, '//$1:***@');

/**
 * A fresh, migrated PostgreSQL database with a random name on the server at TEST_DATABASE_URL
 * (or the local default), dropped by drop(). Null when no server answers.
 */
export async function openBenchDatabase(poolSize = 20): Promise<BenchDatabase | null> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    await admin.end().catch(() => {});
    return null;
  }
  const name = `arcadia_bench_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.href, poolSize });
  const raw = new pg.Client({ connectionString: url.href });
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await raw.end().catch(() => {});
    await database.close().catch(() => {});
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
  try {
    await raw.connect();
    await database.migrate();
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    url: url.href,
    server: hidePassword(adminUrl),
    database,
    query: (text, values) => raw.query(text, values),
    drop,
  };
}
