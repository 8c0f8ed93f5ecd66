import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { AdminContext } from '../command';

/** The configured database as pg_dump and psql need it: the open PGlite, or the server's URL. */
export type ConfiguredDatabase =
  { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; url: string };

export function configuredDatabase(ctx: AdminContext): ConfiguredDatabase {
  if (ctx.config.databaseUrl) return { kind: 'postgres', url: ctx.config.databaseUrl };
  // drizzle's handle exposes its driver as $client (`Db` names the node-postgres type for both
  // drivers and leaves it out); without DATABASE_URL it is the PGlite instance the CLI opened.
  const client = '$client' in ctx.db ? ctx.db.$client : undefined;
  if (!(client instanceof PGlite)) throw new Error('the database handle holds no PGlite instance');
  return { kind: 'pglite', pglite: client };
}

export const KIND_NAMES = { pglite: 'PGlite', postgres: 'PostgreSQL' } as const;

/** The server's major version (15 for 15.20). */
export async function serverMajor(db: Queryable): Promise<number> {
  const result = await db.execute<{ major: number }>(
    sql`select current_setting('server_version_num')::int / 10000 as major`,
  );
  return Number(result.rows[0]?.major);
}
