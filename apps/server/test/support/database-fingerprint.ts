import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/**
 * Everything a restore must bring back, comparable across databases: per table in public and
 * drizzle its row count and an md5 of its rows in order; sequence positions; functions with
 * an md5 of their bodies; triggers. Values are rendered in UTC with fixed styles, so PGlite and
 * PostgreSQL render the same rows the same.
 */
export async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    await tx.execute(sql`set local datestyle = 'ISO, MDY'`);
    await tx.execute(sql`set local intervalstyle = 'postgres'`);
    await tx.execute(sql`set local extra_float_digits = 1`);
    const fingerprint: Record<string, string> = {};
    const tables = await tx.execute<{ name: string }>(sql`
      select format('%I.%I', n.nspname, c.relname) as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname in ('public', 'drizzle') order by 1`);
    for (const { name } of tables.rows) {
      const rows = await tx.execute<{ n: number; md5: string | null }>(
        sql.raw(`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as md5
                 from ${name} t`),
      );
      fingerprint[`table ${name}`] = `${rows.rows[0]!.n} rows ${rows.rows[0]!.md5 ?? '-'}`;
    }
    const sequences = await tx.execute<{ name: string; position: string }>(sql`
      select format('%I.%I', schemaname, sequencename) as name,
             coalesce(last_value::text, 'unused') as position
      from pg_sequences where schemaname in ('public', 'drizzle')`);
    for (const s of sequences.rows) fingerprint[`sequence ${s.name}`] = s.position;
    const functions = await tx.execute<{ name: string; body: string }>(sql`
      select p.oid::regprocedure::text as name, md5(p.prosrc) as body
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.proname like 'arcadia%'`);
    for (const f of functions.rows) fingerprint[`function ${f.name}`] = f.body;
    const triggers = await tx.execute<{ name: string; on: string }>(sql`
      select t.tgname as name, t.tgrelid::regclass::text as on
      from pg_trigger t where not t.tgisinternal`);
    for (const t of triggers.rows) fingerprint[`trigger ${t.name}`] = t.on;
    return fingerprint;
  });
}
