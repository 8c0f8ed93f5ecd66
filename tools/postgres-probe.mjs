// Prints TEST_DATABASE_URL for the local PostgreSQL when one answers, else nothing.
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.query('select 1');
  console.log(url);
} catch {
  // no server: print nothing
} finally {
  await client.end().catch(() => {});
}
