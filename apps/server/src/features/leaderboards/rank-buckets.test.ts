import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEADERBOARD_KD_MIN_GAMES, LEADERBOARD_PAGE_SIZE } from '@arcadia/contracts';
import { createTestApp, type TestApp } from '../../../test/support/app';

const PLAYERS = 3000;
const VALUE = {
  score: 'score_total',
  wins: 'games_won',
  kd: '(kills::float8 / greatest(deaths, 1))',
} as const;
const ELIGIBLE = {
  score: 'true',
  wins: 'true',
  kd: `games_played >= ${LEADERBOARD_KD_MIN_GAMES}`,
} as const;
type Metric = keyof typeof VALUE;

/**
 * The all-time global board answers ranks, totals and deep pages through the rank buckets kept
 * by triggers. Checked here against the plain SQL answer over 3000 players with many ties.
 */
describe('rank buckets', () => {
  let t: TestApp;

  const naiveRank = async (metric: Metric, userId: string) => {
    const res = await t.db.execute(
      sql.raw(`select 1 + count(*)::int as rank from player_stats s,
        (select ${VALUE[metric]} as v from player_stats where user_id = '${userId}') me
        where ${ELIGIBLE[metric]} and ${VALUE[metric]} > me.v`),
    );
    return Number(res.rows[0]!.rank);
  };
  const naivePage = async (metric: Metric, page: number) => {
    const res = await t.db.execute(
      sql.raw(`select user_id from player_stats where ${ELIGIBLE[metric]}
        order by ${VALUE[metric]} desc, user_id desc
        limit ${LEADERBOARD_PAGE_SIZE} offset ${(page - 1) * LEADERBOARD_PAGE_SIZE}`),
    );
    return res.rows.map((r) => String(r.user_id));
  };
  const naiveTotal = async (metric: Metric) => {
    const res = await t.db.execute(
      sql.raw(`select count(*)::int as n from player_stats where ${ELIGIBLE[metric]}`),
    );
    return Number(res.rows[0]!.n);
  };
  /** Players per metric by the buckets; the bucket groups must say the same. */
  const bucketSums = async () => {
    const res = await t.db.execute(
      sql`select metric, sum(players)::int as n from player_rank_buckets group by metric`,
    );
    const groups = await t.db.execute(
      sql`select metric, sum(players)::int as n from player_rank_bucket_groups group by metric`,
    );
    const byBucket = Object.fromEntries(res.rows.map((r) => [r.metric, Number(r.n)]));
    expect(Object.fromEntries(groups.rows.map((r) => [r.metric, Number(r.n)]))).toEqual(byBucket);
    const misplaced = await t.db.execute(sql`
      select metric, bucket / 64 as g, sum(players) as n from player_rank_buckets group by 1, 2
      except
      select metric, bucket_group, sum(players) from player_rank_bucket_groups group by 1, 2`);
    expect(misplaced.rows.filter((r) => Number(r.n) !== 0)).toEqual([]);
    return byBucket;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.db.execute(sql`
      insert into users (id, user_name, identity_sub)
      select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'bulk' || i, 'bulk-' || i
      from generate_series(1, ${PLAYERS}) i`);
    // Many ties: scores in 0..4999, wins in 0..36, K/D from a few hundred distinct ratios.
    await t.db.execute(sql`
      insert into player_stats (user_id, application_id, games_played, games_won, games_lost,
                                kills, deaths, score_total, best_score)
      select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'commando',
             1 + i % 6, i % 37, 0, (i * 31) % 500, (i * 17) % 300, (i * 7919) % 5000, 0
      from generate_series(1, ${PLAYERS}) i`);
  });
  afterAll(() => t.close());

  it('keeps one bucket entry per player and metric', async () => {
    expect(await bucketSums()).toEqual({
      score: PLAYERS,
      wins: PLAYERS,
      kd: await naiveTotal('kd'),
    });
  });

  it('knows the first whole number of every bucket exactly', async () => {
    const wrong = await t.db.execute(sql`
      select b, arcadia_rank_bucket_start(b) as start
      from (select generate_series(0, 3000) union all select generate_series(8000, 8400)) g(b)
      where arcadia_rank_bucket_start(b) is null
         or arcadia_rank_bucket(arcadia_rank_bucket_start(b)::float8) < b
         or (arcadia_rank_bucket_start(b) > 0
             and arcadia_rank_bucket((arcadia_rank_bucket_start(b) - 1)::float8) >= b)`);
    expect(wrong.rows).toEqual([]);
  });

  for (const metric of ['score', 'wins', 'kd'] as const) {
    it(`answers totals, own ranks and deep pages like plain SQL (${metric})`, async () => {
      const total = await naiveTotal(metric);
      const pages = Math.ceil(total / LEADERBOARD_PAGE_SIZE);
      for (const page of [1, 2, 99, 100, 101, 120, pages, pages + 1]) {
        const sub = `bulk-${1 + ((page * 977) % PLAYERS)}`;
        const token = await t.issuer.mint(sub);
        const res = await t.request(
          'GET',
          `/api/leaderboards/commando?metric=${metric}&page=${page}`,
          {
            token,
          },
        );
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(total);
        expect(res.body.entries.map((e: { userId: string }) => e.userId)).toEqual(
          await naivePage(metric, page),
        );
        for (const e of res.body.entries.slice(0, 3))
          expect(e.rank).toBe(await naiveRank(metric, e.userId));
        if (res.body.me) expect(res.body.me.rank).toBe(await naiveRank(metric, res.body.me.userId));
        else expect(metric).toBe('kd');
      }
    });
  }

  it('stays right when stats change and players are deleted', async () => {
    await t.db.execute(sql`
      update player_stats set score_total = score_total * 3 + 11, games_won = games_won + 1,
             games_played = games_played + 1, kills = kills + 5
      where user_id in (select id from users where user_name like 'bulk1%')`);
    await t.db.execute(sql`delete from users where user_name like 'bulk2%'`);
    expect(await bucketSums()).toEqual({
      score: await naiveTotal('score'),
      wins: await naiveTotal('wins'),
      kd: await naiveTotal('kd'),
    });
    const token = await t.issuer.mint('bulk-1234');
    for (const metric of ['score', 'wins', 'kd'] as const) {
      const res = await t.request('GET', `/api/leaderboards/commando?metric=${metric}&page=110`, {
        token,
      });
      expect(res.body.entries.map((e: { userId: string }) => e.userId)).toEqual(
        await naivePage(metric, 110),
      );
      if (res.body.me) expect(res.body.me.rank).toBe(await naiveRank(metric, res.body.me.userId));
    }
  });
});
