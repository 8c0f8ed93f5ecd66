import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDbKind, type TestDatabase } from '../../test/support/database';
import {
  autovacuumRound,
  startPgliteAutovacuum,
  tablesDue,
  type AutovacuumRound,
} from './pglite-autovacuum';

// PGlite only: PostgreSQL's own autovacuum would race these counts.
describe.runIf(testDbKind === 'pglite')('autovacuum on PGlite (it runs none of its own)', () => {
  let test: TestDatabase;
  const db = () => test.database.db;
  const stats = async (table: string) =>
    (
      await db().execute<{
        dead: number;
        tuples: number;
        vacuumed: boolean;
        analysed: boolean;
      }>(sql`
        select s.n_dead_tup::int as dead, c.reltuples::int as tuples,
               s.last_vacuum is not null as vacuumed, s.last_analyze is not null as analysed
        from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where s.relname = ${table}`)
    ).rows[0]!;
  /** The counters reach pg_stat_user_tables when a transaction ends, at most once a second. */
  const flushStats = () => db().execute(sql`select pg_stat_force_next_flush()`);

  beforeAll(async () => {
    test = await openTestDatabase();
    await db().execute(sql`create table probe_churned (id int primary key, v int not null)`);
    await db().execute(sql`create table probe_quiet (id int primary key, v int not null)`);
    await db().execute(sql`insert into probe_churned select g, 0 from generate_series(1, 5000) g`);
    await db().execute(sql`insert into probe_quiet select g, 0 from generate_series(1, 5000) g`);
    // The inserts' counts reach the statistics before the ANALYZE and VACUUM that reset them.
    await flushStats();
    await db().execute(sql`select 1`);
    await db().execute(sql`analyze probe_quiet`);
    await db().execute(sql`vacuum probe_quiet`);
    // 2,000 dead rows of 5,000: over 50 + 20 %.
    await db().execute(sql`update probe_churned set v = 1 where id <= 2000`);
    // 40 changed rows of 5,000: under 50 + 10 %, so nothing is due.
    await db().execute(sql`update probe_quiet set v = 1 where id <= 40`);
    await flushStats();
    await db().execute(sql`select 1`);
  }, 60_000);
  afterAll(() => test?.drop());

  it('finds the tables due by autovacuum’s own thresholds, and only those', async () => {
    expect(await stats('probe_churned')).toMatchObject({ dead: 2000, tuples: -1 });
    const due = await tablesDue(db());
    expect(due).toContainEqual({ schema: 'public', table: 'probe_churned', vacuum: true });
    expect(due.map((d) => d.table)).not.toContain('probe_quiet');
  });

  it('vacuums and analyses them: dead rows gone, the planner has row counts', async () => {
    const round = await autovacuumRound(db());
    expect(round.failed).toEqual([]);
    expect(round.tables).toContainEqual(
      expect.objectContaining({ table: 'probe_churned', vacuum: true }),
    );
    await flushStats();
    await db().execute(sql`select 1`);
    expect(await stats('probe_churned')).toEqual({
      dead: 0,
      tuples: 5000,
      vacuumed: true,
      analysed: true,
    });
    expect((await tablesDue(db())).map((d) => d.table)).not.toContain('probe_churned');
  });

  it('runs rounds on a schedule until stopped', async () => {
    await db().execute(sql`update probe_churned set v = 2 where id <= 3000`);
    await flushStats();
    await db().execute(sql`select 1`);
    const rounds: AutovacuumRound[] = [];
    const errors: unknown[] = [];
    const autovacuum = startPgliteAutovacuum(db(), {
      firstAfterMs: 0,
      everyMs: 60_000,
      onRound: (round) => rounds.push(round),
      onError: (error) => errors.push(error),
    });
    const end = Date.now() + 10_000;
    while (rounds.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    await autovacuum.stop();
    expect(errors).toEqual([]);
    expect(rounds).toHaveLength(1);
    expect(rounds[0]!.tables.map((t) => t.table)).toContain('probe_churned');
  });
});
