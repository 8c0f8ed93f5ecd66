import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDbKind, type TestDatabase } from '../../../test/support/database';

/** One rank delta, as the rank triggers pass them (db/functions/apply-rank-deltas.sql). */
const ADD_ONE = `select arcadia_apply_rank_deltas(array[row('shard-test', 'score', 5, 1)::arcadia_rank_delta])`;
const MY_SHARD = `select current_setting('arcadia.rank_shard', true) as shard`;

/**
 * Each writing transaction counts into a shard of the rank buckets that no other transaction
 * writes at the same time (up to 8), so ingests never wait for each other's bucket rows and one
 * storing several games cannot deadlock on them.
 */
describe('rank bucket shards', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  const bucketPlayers = async () => {
    const { rows } = await db.database.db.execute(
      sql`select coalesce(sum(players), 0)::int as players from player_rank_buckets
          where application_id = 'shard-test' and metric = 'score' and bucket = 5`,
    );
    return Number(rows[0]!.players);
  };

  it('keeps one shard for a whole transaction', async () => {
    const shards = await db.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(ADD_ONE));
      const first = (await tx.execute(sql.raw(MY_SHARD))).rows[0]!.shard;
      await tx.execute(sql.raw(ADD_ONE));
      const second = (await tx.execute(sql.raw(MY_SHARD))).rows[0]!.shard;
      const { rows } = await tx.execute(
        sql`select count(*)::int as rows from player_rank_buckets
            where application_id = 'shard-test'`,
      );
      return { first, second, rows: Number(rows[0]!.rows) };
    });
    expect(shards.first).toMatch(/^[0-7]$/);
    expect(shards.second).toBe(shards.first);
    expect(shards.rows).toBe(1);
    expect(await bucketPlayers()).toBe(2);
    // The next transaction claims a shard afresh (the setting is the transaction's).
    const after = await db.database.db.execute(sql.raw(MY_SHARD));
    expect(after.rows[0]!.shard ?? '').toBe('');
  });

  it.runIf(testDbKind === 'postgres')(
    'gives 8 concurrent transactions 8 different shards; a 9th waits for one (PostgreSQL)',
    async () => {
      const clients = Array.from({ length: 9 }, () => new pg.Client({ connectionString: db.url }));
      await Promise.all(clients.map((c) => c.connect()));
      try {
        const before = await bucketPlayers();
        // Eight open transactions, each holding its bucket row: none waits for another.
        const shards: string[] = [];
        for (const client of clients.slice(0, 8)) {
          await client.query(`begin; set local lock_timeout = '2s'`);
          await client.query(ADD_ONE);
          shards.push(String((await client.query(MY_SHARD)).rows[0].shard));
        }
        expect(new Set(shards).size).toBe(8);
        // A ninth finds every shard held: it waits (here: its lock timeout ends the wait).
        const ninth = clients[8]!;
        await ninth.query(`begin; set local lock_timeout = '100ms'`);
        await expect(ninth.query(ADD_ONE)).rejects.toMatchObject({ code: '55P03' });
        await ninth.query('rollback');
        // Once one commits, the ninth gets that shard.
        await clients[3]!.query('commit');
        await ninth.query(`begin; set local lock_timeout = '2s'`);
        await ninth.query(ADD_ONE);
        expect(String((await ninth.query(MY_SHARD)).rows[0].shard)).toBe(shards[3]);
        await ninth.query('commit');
        for (const [i, client] of clients.slice(0, 8).entries())
          if (i !== 3) await client.query('commit');
        expect(await bucketPlayers()).toBe(before + 9);
      } finally {
        await Promise.all(clients.map((c) => c.end()));
      }
    },
  );
});
