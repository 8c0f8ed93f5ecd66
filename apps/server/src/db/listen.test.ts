import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDbKind, type TestDatabase } from '../../test/support/database';
import { openDatabase, type Database } from './client';
import { listen } from './listen';

/** A TCP proxy whose open connections can be cut off silently (no reset: a NAT that forgot them). */
async function blackholingProxy(target: URL) {
  const pairs = new Set<{ dead: boolean; sockets: net.Socket[] }>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pair = { dead: false, sockets: [client, upstream] };
    pairs.add(pair);
    client.on('data', (d) => void (pair.dead || upstream.write(d)));
    upstream.on('data', (d) => void (pair.dead || client.write(d)));
    for (const socket of pair.sockets) socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    blackhole: () => {
      for (const pair of pairs) pair.dead = true;
      pairs.clear();
    },
    close: async () => {
      for (const pair of pairs) for (const socket of pair.sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const until = async (check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe.runIf(testDbKind === 'postgres')('listen on PostgreSQL', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('notices a connection that was dropped without a word, listens again and says so', async () => {
    const target = new URL(t.url!);
    const proxy = await blackholingProxy(target);
    const via = new URL(target);
    via.host = `127.0.0.1:${proxy.port}`;
    const database: Database = await openDatabase({ url: via.href, poolSize: 1 });
    const got: string[] = [];
    let reconnects = 0;
    const listener = await listen(database, 'listen_test', {
      onPayload: (p) => got.push(p),
      onReconnect: () => reconnects++,
      livenessMs: 200,
    });
    const notify = (p: string) => t.database.db.execute(sql`select pg_notify('listen_test', ${p})`);
    try {
      await notify('one');
      expect(await until(() => got.includes('one'), 2000)).toBe(true);
      proxy.blackhole();
      await notify('lost');
      expect(await until(() => reconnects === 1, 3000)).toBe(true);
      expect(listener.listening).toBe(true);
      await notify('two');
      expect(await until(() => got.includes('two'), 2000)).toBe(true);
    } finally {
      await Promise.race([listener.close(), new Promise((r) => setTimeout(r, 500))]);
      await Promise.race([database.close(), new Promise((r) => setTimeout(r, 500))]);
      await proxy.close();
    }
  }, 20_000);
});
