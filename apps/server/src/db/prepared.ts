import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Queryable } from './client';

type Rows = { rows: Array<Record<string, unknown>> };

/** The pool of a database handle, or the connection of an open transaction (node-postgres). */
function poolOf(db: Queryable): pg.Pool | pg.Client | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return client;
  const session = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return session instanceof pg.Client ? session : null;
}

const nameOf = (prefix: string, text: string) =>
  `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

/**
 * runPrepared's statement names by text, so a hot read hashes its text once, not per request.
 * The texts are a few shapes per feature; the bound only keeps a mistake from growing it.
 */
const names = new Map<string, string>();
const NAMES_KEPT = 1000;

function preparedNameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = nameOf('q', text);
    if (names.size >= NAMES_KEPT) names.clear();
    names.set(text, name);
  }
  return name;
}

/**
 * Runs a Drizzle-built query as a named prepared statement on PostgreSQL, so each pooled
 * connection plans it once (inside a transaction on its connection); on PGlite as an ordinary
 * query. The name
 * is a hash of the text: one statement per distinct shape.
 */
export async function runPrepared(db: Queryable, query: SQL): Promise<Rows> {
  const pool = poolOf(db);
  if (pool) {
    const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(
      query,
    );
    return pool.query({ name: preparedNameOf(text), text, values: params });
  }
  return db.execute(query);
}

/** `text` with its $1…$n placeholders as a Drizzle query (the non-pool path). */
function toSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`);
  });
  return sql.join(chunks);
}

/**
 * A hot read written once as SQL text with $1…$n placeholders. On PostgreSQL it goes straight
 * to the pool as a named prepared statement: no query building per request and one plan per
 * connection (for the profile that is most of the work of a request), inside a transaction on
 * its connection. On PGlite it runs as an ordinary query through Drizzle.
 */
export function preparedStatement<Row extends Record<string, unknown>>(text: string) {
  const name = nameOf('s', text);
  return async (db: Queryable, values: unknown[]): Promise<Row[]> => {
    const pool = poolOf(db);
    const result = pool
      ? await pool.query({ name, text, values })
      : await db.execute(toSql(text, values));
    return result.rows as Row[];
  };
}
