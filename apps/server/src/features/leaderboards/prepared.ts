import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Queryable } from '../../db/client';

/**
 * Runs a leaderboard query as a named prepared statement on PostgreSQL, so each pooled
 * connection plans it once (the rank queries take longer to plan than to run); on PGlite, or
 * inside a transaction, as an ordinary query. The name is a hash of the text: one statement
 * per distinct board shape (metric, period table, scope), a handful in all.
 */
export async function runPrepared(
  db: Queryable,
  query: SQL,
): Promise<{ rows: Array<Record<string, unknown>> }> {
  const handle = db as unknown as { $client?: unknown; dialect: PgDialect };
  if (handle.$client instanceof pg.Pool) {
    const { sql: text, params } = handle.dialect.sqlToQuery(query);
    const name = `lb_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    return handle.$client.query({ name, text, values: params });
  }
  return db.execute(query);
}
