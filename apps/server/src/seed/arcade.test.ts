import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/app';
import { DEMO_GAMES, seedArcade } from './arcade';
import { seedPlayers } from './players';

describe('demo arcade seed', () => {
  let t: TestApp;
  const logged: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const log = { info: (line: string) => logged.push(line) } as never;
    const ctx = { db: t.db, config: t.config, log };
    await seedPlayers(ctx);
    await seedArcade(ctx);
  }, 180_000);
  afterAll(() => t.close());

  const one = async (query: ReturnType<typeof sql>) =>
    (await t.db.execute(query)).rows[0] as Record<string, unknown>;

  it('creates the arcade, three devices with logged keys, four maps with icons', async () => {
    expect(await t.counts('arcades', 'devices', 'maps')).toEqual({
      arcades: 1,
      devices: 3,
      maps: 4,
    });
    expect(
      logged.filter((l) => /^demo device arcadia-berlin;\S+ key [\w-]{43} /.test(l)),
    ).toHaveLength(3);
    const icons = await t.db.execute(sql`select icon_path from maps order by id`);
    for (const row of icons.rows) expect(row.icon_path).toMatch(/^\/assets\/maps\/[a-z-]+\.svg$/);
  });

  it('stores a few hundred games over the last eight weeks, devices free afterwards', async () => {
    const games = await one(sql`select count(*)::int as n,
      min(played_at) > now() - interval '57 days' as recent, max(played_at) <= now() as past,
      count(distinct date_trunc('week', played_at))::int as weeks from games`);
    expect(games).toMatchObject({ n: DEMO_GAMES, recent: true, past: true });
    expect(Number(games.weeks)).toBeGreaterThanOrEqual(8);
    expect(await t.counts('device_players')).toEqual({ device_players: 0 });
    const online = await one(
      sql`select count(*)::int as n from devices where last_seen_at is not null`,
    );
    expect(online.n).toBe(0);
  });

  it('keeps statistics, periods and rank buckets consistent with the games', async () => {
    const fromGames = await one(sql`select count(*)::int as played,
      count(*) filter (where won)::int as won, sum(kills)::int as kills, sum(score)::int as score
      from game_players where user_id is not null`);
    const fromStats = await one(sql`select sum(games_played)::int as played,
      sum(games_won)::int as won, sum(kills)::int as kills, sum(score_total)::int as score
      from player_stats`);
    expect(fromStats).toEqual(fromGames);
    for (const kind of ['week', 'month']) {
      const periods = await one(sql`select sum(games_played)::int as played,
        sum(games_won)::int as won, sum(kills)::int as kills, sum(score_total)::int as score
        from player_stats_periods where period_kind = ${kind} and arcade_id = ''`);
      expect(periods).toEqual(fromGames);
    }
    const buckets = await one(
      sql`select sum(players)::int as n from player_rank_buckets where metric = 'score'`,
    );
    expect(buckets.n).toBe((await t.counts('player_stats')).player_stats);
  });

  it('unlocks the achievements the demo games earned: every player who played has the first game', async () => {
    const { rows } = await t.db.execute<{ players: number; first: number }>(sql`
      select (select count(distinct user_id)::int from game_players where user_id is not null)
               as players,
             (select count(*)::int from player_achievements where achievement_id = 'first-game')
               as first`);
    expect(rows[0]!.players).toBeGreaterThan(10);
    expect(rows[0]!.first).toBe(rows[0]!.players);
    expect(logged.some((l) => /achievements unlocked/.test(l))).toBe(true);
  });

  it('fills the leaderboard and the games overview', async () => {
    const board = await t.request('GET', '/api/leaderboards/commando?metric=score');
    expect(board.body.entries.length).toBeGreaterThan(10);
    const overview = await t.request('GET', '/api/games/commando');
    expect(overview.body.maps).toHaveLength(4);
  });
});
