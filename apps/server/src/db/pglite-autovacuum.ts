import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * PGlite is PostgreSQL in single-user mode: no background workers, so no autovacuum. Without it
 * a server that runs for months never analyses a table (the planner works without column
 * statistics: `reltuples` stays -1) and never vacuums one (dead rows of every updated statistic,
 * expired sign-in, released seat stay in the tables and their indexes). This does autovacuum's
 * job on PGlite, by autovacuum's own rules and default thresholds, from the server process.
 * PostgreSQL runs its own and never needs it.
 */
export const AUTOVACUUM_RULES = {
  /** VACUUM when dead rows exceed 50 + 20 % of the table (autovacuum_vacuum_*). */
  vacuumThreshold: 50,
  vacuumScale: 0.2,
  /** VACUUM when rows inserted since the last one exceed 1000 + 20 % (…_insert_*). */
  insertThreshold: 1000,
  insertScale: 0.2,
  /** ANALYZE when rows changed since the last one exceed 50 + 10 % (autovacuum_analyze_*). */
  analyzeThreshold: 50,
  analyzeScale: 0.1,
} as const;

/** One table due: VACUUM (with ANALYZE), or ANALYZE alone. */
export type TableDue = {
  schema: string;
  table: string;
  vacuum: boolean;
};

/** The tables autovacuum would work on now, the most dead rows first. */
export async function tablesDue(db: Db): Promise<TableDue[]> {
  const r = AUTOVACUUM_RULES;
  const res = await db.execute<TableDue>(sql`
    select schemaname as "schema", relname as "table",
           (n_dead_tup > ${r.vacuumThreshold} + ${r.vacuumScale} * rows
            or n_ins_since_vacuum > ${r.insertThreshold} + ${r.insertScale} * rows) as "vacuum"
    from (
      select s.*,
             -- Never analysed: reltuples is -1, the live rows counted so far stand in.
             case when c.reltuples < 0 then s.n_live_tup else c.reltuples end as rows
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    ) t
    where n_dead_tup > ${r.vacuumThreshold} + ${r.vacuumScale} * rows
       or n_ins_since_vacuum > ${r.insertThreshold} + ${r.insertScale} * rows
       or n_mod_since_analyze > ${r.analyzeThreshold} + ${r.analyzeScale} * rows
    order by n_dead_tup desc, relname`);
  return res.rows;
}

export interface AutovacuumRound {
  tables: { table: string; vacuum: boolean; ms: number }[];
  failed: { table: string; error: unknown }[];
}

/**
 * One round: every table due, one after the other (PGlite runs one statement at a time, so a
 * table's VACUUM holds the other queries for its duration: tens of milliseconds for 100,000
 * rows, and by the thresholds a large table is due rarely).
 */
export async function autovacuumRound(db: Db): Promise<AutovacuumRound> {
  const round: AutovacuumRound = { tables: [], failed: [] };
  for (const due of await tablesDue(db)) {
    const name = sql`${sql.identifier(due.schema)}.${sql.identifier(due.table)}`;
    const started = performance.now();
    try {
      await db.execute(due.vacuum ? sql`vacuum (analyze) ${name}` : sql`analyze ${name}`);
      round.tables.push({
        table: due.table,
        vacuum: due.vacuum,
        ms: Math.round(performance.now() - started),
      });
    } catch (error) {
      round.failed.push({ table: due.table, error });
    }
  }
  return round;
}

/** The server's rounds: the first a minute after the start, then every 10 minutes. */
export const PGLITE_AUTOVACUUM_SCHEDULE = { firstAfterMs: 60_000, everyMs: 10 * 60_000 } as const;

export interface AutovacuumOptions {
  /** The first round, after the start (migrations, the demo seed, the first requests). */
  firstAfterMs: number;
  /** Between the end of a round and the next. */
  everyMs: number;
  onRound: (round: AutovacuumRound) => void;
  onError: (error: unknown) => void;
}

/** Runs autovacuum rounds on PGlite until stopped; `stop` waits for a round in progress. */
export function startPgliteAutovacuum(db: Db, options: AutovacuumOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = autovacuumRound(db)
        .then(options.onRound, options.onError)
        .finally(() => {
          running = undefined;
          schedule(options.everyMs);
        });
    }, ms);
    timer.unref();
  };
  schedule(options.firstAfterMs);
  return {
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
