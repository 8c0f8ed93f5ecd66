import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { periodStart } from '../games';
import { setLeaderboardVisible } from './visibility';

const PLAYERS = 6;
const idOf = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const MONTH = periodStart('month', new Date());

interface Entry {
  userId: string;
  rank: number;
  hidden?: boolean;
}
interface Board {
  total: number;
  entries: Entry[];
  me: Entry | null;
}

/**
 * A player hidden from leaderboards (issue 17) is left out of every board for everyone else,
 * totals and ranks included, on the bucketed boards (all-time score, rating) and the counted ones
 * (a month, friends), and still sees their own rank among the listed players.
 */
describe('players hidden from leaderboards', () => {
  let t: TestApp;

  const board = async (query: string, sub: string): Promise<Board> => {
    const res = await t.request('GET', `/api/leaderboards/commando?${query}`, {
      token: await t.issuer.mint(sub),
    });
    expect(res.status, query).toBe(200);
    return res.body as Board;
  };
  const hide = (i: number, visible = false) =>
    t.db.transaction((tx) => setLeaderboardVisible(tx, idOf(i), visible));
  /** Bucket counts of the score and rating boards, summed over shards. */
  const counted = async () => {
    const res = await t.db.execute(sql`select metric, sum(players)::int as n
      from player_rank_buckets where application_id = 'commando' group by metric order by metric`);
    return Object.fromEntries(res.rows.map((r) => [String(r.metric), Number(r.n)]));
  };
  const ids = (b: Board) => b.entries.map((e) => e.userId);

  beforeAll(async () => {
    t = await createTestApp();
    // Player i has score 100 * i, rating 1000 + i, and the same in this month's table.
    await t.db.execute(sql`
      insert into users (id, user_name, identity_sub)
      select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'p' || i, 'sub-' || i
      from generate_series(1, ${PLAYERS}) i`);
    await t.db.execute(sql`
      insert into player_stats (user_id, application_id, games_played, games_won, games_lost,
                                kills, deaths, score_total, best_score)
      select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'commando', 5, i, 0,
             10 * i, 10, 100 * i, 100
      from generate_series(1, ${PLAYERS}) i`);
    await t.db.execute(sql`
      insert into player_stats_periods (user_id, application_id, period_kind, period_start,
        arcade_id, games_played, games_won, games_lost, kills, deaths, score_total, best_score)
      select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'commando', 'month',
             ${MONTH}, '', 5, i, 0, 10 * i, 10, 100 * i, 100
      from generate_series(1, ${PLAYERS}) i`);
    await t.db.execute(sql`
      insert into player_ratings (user_id, application_id, mode, mu, sigma, rating, games)
      select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'commando',
             'deathmatch', 25, 8, 1000 + i, 3
      from generate_series(1, ${PLAYERS}) i`);
    // Player 1 is friends with 5 and 6.
    await t.db.execute(sql`insert into friendships (user_id, friend_id)
      values (${idOf(1)}, ${idOf(5)}), (${idOf(1)}, ${idOf(6)})`);
  });
  afterAll(() => t.close());

  it('leaves a hidden player out of every board for others, and ranks the rest without them', async () => {
    await hide(5);
    expect(await counted()).toEqual({
      kd: PLAYERS - 1,
      'rating:deathmatch': PLAYERS - 1,
      score: PLAYERS - 1,
      wins: PLAYERS - 1,
    });
    for (const query of [
      'metric=score',
      'metric=wins',
      'metric=kd',
      'metric=rating&mode=deathmatch',
      'metric=score&period=month',
    ]) {
      const seen = await board(query, 'sub-1');
      expect(seen.total, query).toBe(PLAYERS - 1);
      expect(ids(seen), query).toEqual([6, 4, 3, 2, 1].map(idOf));
      expect(
        seen.entries.map((e) => e.rank),
        query,
      ).toEqual([1, 2, 3, 4, 5]);
      expect(seen.me, query).toMatchObject({ userId: idOf(1), rank: 5 });
      expect(seen.me, query).not.toHaveProperty('hidden');
    }
    const friends = await board('metric=score&scope=friends', 'sub-1');
    expect(ids(friends)).toEqual([6, 1].map(idOf));
  });

  it('still shows the hidden player their own rank among the listed players', async () => {
    for (const query of [
      'metric=score',
      'metric=rating&mode=deathmatch',
      'metric=score&period=month',
    ]) {
      const own = await board(query, 'sub-5');
      expect(ids(own), query).not.toContain(idOf(5));
      expect(own.me, query).toMatchObject({ userId: idOf(5), rank: 2, hidden: true });
    }
    const friends = await board('metric=score&scope=friends', 'sub-5');
    expect(friends.me).toMatchObject({ userId: idOf(5), rank: 1 });
  });

  it('keeps new rows of a hidden player off the boards, and deletes them cleanly', async () => {
    await t.db.execute(sql`insert into player_stats (user_id, application_id, games_played,
      games_won, games_lost, kills, deaths, score_total, best_score)
      values (${idOf(5)}, 'other-game', 1, 1, 0, 1, 1, 50, 50)`);
    const row = await t.db.execute(sql`select listed from player_stats
      where user_id = ${idOf(5)} and application_id = 'other-game'`);
    expect(row.rows[0]!.listed).toBe(false);
    await t.db.execute(sql`delete from users where id = ${idOf(5)}`);
    expect((await counted()).score).toBe(PLAYERS - 1);
  });

  it('puts a player back on the boards when they show themselves again', async () => {
    await hide(4);
    expect((await board('metric=score', 'sub-1')).total).toBe(PLAYERS - 2);
    await hide(4, true);
    const seen = await board('metric=score', 'sub-1');
    expect(seen.total).toBe(PLAYERS - 1);
    expect(ids(seen)).toEqual([6, 4, 3, 2, 1].map(idOf));
    expect(await counted()).toMatchObject({ score: PLAYERS - 1, 'rating:deathmatch': PLAYERS - 1 });
  });
});
