import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDbKind, type TestDatabase } from '../../test/support/database';
import { openDatabase } from './client';

/** pg-pool closes a connection idle this long, unless the pool keeps it (its `min`). */
const PG_POOL_IDLE_TIMEOUT_MS = 10_000;

describe('the connection pool', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(() => t.drop());

  it.runIf(testDbKind === 'pglite')('has nothing to open up front on PGlite', async () => {
    expect(await t.database.warm()).toEqual({ open: 1, wanted: 1 });
  });

  it.runIf(testDbKind === 'postgres')(
    'opens every connection up front and keeps them open while idle (PostgreSQL)',
    async () => {
      const database = await openDatabase({ url: t.url!, poolSize: 4 });
      try {
        expect(database.stats().total).toBe(0);
        expect(await database.warm()).toEqual({ open: 4, wanted: 4 });
        expect(database.stats()).toEqual({ total: 4, idle: 4, waiting: 0 });
        // Before, idle connections closed after pg-pool's idle timeout and the next burst of
        // requests waited for new backends.
        await new Promise((resolve) => setTimeout(resolve, PG_POOL_IDLE_TIMEOUT_MS + 1500));
        expect(database.stats()).toEqual({ total: 4, idle: 4, waiting: 0 });
        const res = await database.db.execute(
          `select count(*)::int as n from pg_stat_activity where datname = current_database()`,
        );
        // This pool's 4, and the test database's own pool (it has run its migrations).
        expect(Number(res.rows[0]?.n)).toBeGreaterThanOrEqual(4);
        // Warming again opens nothing more.
        expect(await database.warm()).toEqual({ open: 4, wanted: 4 });
      } finally {
        await database.close();
      }
    },
    30_000,
  );

  it.runIf(testDbKind === 'postgres')(
    'opens what PostgreSQL allows and answers why it refused the rest',
    async () => {
      // A role allowed two connections stands for a server whose max_connections is reached.
      const role = `arcadia_pool_test_${process.pid}_${Date.now()}`;
      await t.database.db.execute(`create role ${role} login connection limit 2`);
      const url = new URL(t.url!);
      url.username = role;
      url.password = '';
      const database = await openDatabase({ url: url.href, poolSize: 4 });
      try {
        const warmth = await database.warm();
        expect(warmth).toMatchObject({ open: 2, wanted: 4 });
        expect(warmth.refused).toMatch(/too many connections/);
      } finally {
        await database.close();
        await t.database.db.execute(`drop role ${role}`);
      }
    },
  );
});
