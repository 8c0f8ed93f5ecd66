import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEADERBOARD_PAGE_SIZE } from '@arcadia/contracts';
import { createTestApp, type TestApp } from '../../../test/support/app';

const PLAYERS = 3000;
const MODE = 'deathmatch';
const uuidOf = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

/**
 * The rating board (one per mode) answers totals, ranks and deep pages from the rank buckets
 * the player_ratings triggers keep (one bucket per rating value). Checked against plain SQL
 * over 3000 players with many ties, rows without rated games, a second mode beside it, and
 * after updates (a replay) and deletions.
 */
describe('rating board from rank buckets', () => {
  let t: TestApp;

  const naiveRank = async (userId: string) => {
    const res = await t.db.execute(sql`
      select 1 + count(*)::int as rank from player_ratings r
      where r.application_id = 'commando' and r.mode = ${MODE} and r.games > 0
        and r.rating > (select rating from player_ratings where user_id = ${userId}
                          and application_id = 'commando' and mode = ${MODE})`);
    return Number(res.rows[0]!.rank);
  };
  const naivePage = async (page: number) => {
    const res = await t.db.execute(sql`
      select user_id from player_ratings
      where application_id = 'commando' and mode = ${MODE} and games > 0
      order by rating desc, user_id desc
      limit ${LEADERBOARD_PAGE_SIZE} offset ${(page - 1) * LEADERBOARD_PAGE_SIZE}`);
    return res.rows.map((r) => String(r.user_id));
  };
  const naiveTotal = async () => {
    const res = await t.db.execute(sql`select count(*)::int as n from player_ratings
      where application_id = 'commando' and mode = ${MODE} and games > 0`);
    return Number(res.rows[0]!.n);
  };
  const bucketed = async () => {
    const buckets = await t.db.execute(sql`select bucket, sum(players)::int as n
      from player_rank_buckets where application_id = 'commando' and metric = ${'rating:' + MODE}
      group by bucket having sum(players) <> 0 order by bucket`);
    const groups = await t.db.execute(sql`select sum(players)::int as n
      from player_rank_bucket_groups
      where application_id = 'commando' and metric = ${'rating:' + MODE}`);
    const byRating = await t.db.execute(sql`select rating as bucket, count(*)::int as n
      from player_ratings where application_id = 'commando' and mode = ${MODE} and games > 0
      group by rating order by rating`);
    expect(buckets.rows).toEqual(byRating.rows);
    return Number(groups.rows[0]!.n);
  };
  const board = async (page: number, sub: string) => {
    const res = await t.request(
      'GET',
      `/api/leaderboards/commando?metric=rating&mode=${MODE}&page=${page}`,
      { token: await t.issuer.mint(sub) },
    );
    expect(res.status).toBe(200);
    return res.body as {
      total: number;
      entries: Array<{ userId: string; rank: number }>;
      me: { userId: string; rank: number } | null;
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.db.execute(sql`
      insert into users (id, user_name, identity_sub)
      select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'bulk' || i, 'bulk-' || i
      from generate_series(1, ${PLAYERS}) i`);
    // Ratings in 600..1399 with many ties; every 50th row has no rated game yet; a second mode.
    await t.db.execute(sql`
      insert into player_ratings (user_id, application_id, mode, mu, sigma, rating, games)
      select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'commando', m.mode,
             25, 8, 600 + (i * 7919) % 800, case when i % 50 = 0 then 0 else 1 + i % 20 end
      from generate_series(1, ${PLAYERS}) i, (values (${MODE}), ('elimination')) m(mode)`);
  });
  afterAll(() => t.close());

  it('counts every rated player in the bucket of their rating', async () => {
    expect(await bucketed()).toBe(await naiveTotal());
    expect(await naiveTotal()).toBe(PLAYERS - PLAYERS / 50);
  });

  it('answers totals, own ranks and deep pages like plain SQL', async () => {
    const total = await naiveTotal();
    const pages = Math.ceil(total / LEADERBOARD_PAGE_SIZE);
    for (const page of [1, 2, 41, 42, 60, pages, pages + 1]) {
      const body = await board(page, `bulk-${1 + ((page * 977) % PLAYERS)}`);
      expect(body.total).toBe(total);
      expect(body.entries.map((e) => e.userId)).toEqual(await naivePage(page));
      for (const e of body.entries.slice(0, 3)) expect(e.rank).toBe(await naiveRank(e.userId));
      expect(body.me).not.toBeNull();
      expect(body.me!.rank).toBe(await naiveRank(body.me!.userId));
    }
  });

  it('stays right when ratings are replayed and players deleted', async () => {
    await t.db.execute(sql`
      update player_ratings set rating = rating + 37, games = games + 1
      where user_id in (select id from users where user_name like 'bulk1%')`);
    await t.db.execute(sql`update player_ratings set games = 0
      where user_id in (select id from users where user_name like 'bulk3%')`);
    await t.db.execute(sql`delete from users where user_name like 'bulk2%'`);
    expect(await bucketed()).toBe(await naiveTotal());
    const body = await board(45, 'bulk-1234');
    expect(body.entries.map((e) => e.userId)).toEqual(await naivePage(45));
    expect(body.me!.rank).toBe(await naiveRank(uuidOf(1234)));
  });
});
