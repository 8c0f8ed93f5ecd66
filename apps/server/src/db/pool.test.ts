import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDbKind, type TestDatabase } from '../../test/support/database';
import { openDatabase } from './client';
import { isDatabaseUnavailable } from './connection-errors';

/**
 * A TCP proxy to the test's PostgreSQL that can go silent: it then passes no more bytes either
 * way and closes nothing, as a network that drops packets does.
 */
async function silenceableProxy(target: URL) {
  let silent = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
    }
    client.on('data', (data: Buffer) => void (silent || upstream.write(data)));
    upstream.on('data', (data: Buffer) => void (silent || client.write(data)));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target.href);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.href,
    silence: () => (silent = true),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

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
    'fails a query that gets no answer soon after its statement timeout, as the database being unavailable (PostgreSQL)',
    async () => {
      const proxy = await silenceableProxy(new URL(t.url!));
      const database = await openDatabase({
        url: proxy.url,
        poolSize: 2,
        statementTimeoutMs: 300,
        queryTimeoutMarginMs: 200,
      });
      try {
        expect((await database.db.execute('select 1 as one')).rows[0]).toEqual({ one: 1 });
        proxy.silence();
        const started = Date.now();
        const error = await database.db.execute('select 2').then(
          () => undefined,
          (e: unknown) => e,
        );
        // Before, it waited for as long as the network stayed silent.
        expect(isDatabaseUnavailable(error)).toBe(true);
        expect(Date.now() - started).toBeLessThan(3_000);
      } finally {
        await proxy.close();
        await database.close().catch(() => undefined);
      }
    },
    15_000,
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
