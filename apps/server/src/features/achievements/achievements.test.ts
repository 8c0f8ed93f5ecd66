import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achievementsSchema, type GameReportInput } from '@arcadia/contracts';
import { createTestApp, type TestApp } from '../../../test/support/app';
import {
  addArcade,
  addDevice,
  addPlayer,
  report,
  reportPlayed,
  type TestDevice,
  type TestPlayer,
} from '../../../test/support/arcade';
import { addOperators, type Operators } from '../../../test/support/operators';
import { pushSubscriptions, users } from '../../db/schema';
import { backfillAchievements } from './service';

/**
 * Achievements end to end (docs/achievements.md): unlocked at ingest in the game's transaction,
 * announced in the bell list and by push in the player's language, shown with progress, kept by
 * a void, awarded by an assignment and by the backfill, gone with the profile.
 */
describe('achievements', () => {
  let t: TestApp;
  let device: TestDevice;
  let ops: Operators;
  let anna: TestPlayer;
  let ben: TestPlayer;
  /** A player whose only game is voided. */
  let cid: TestPlayer;

  const rows = async (query: ReturnType<typeof sql>) => (await t.db.execute(query)).rows;
  const unlockedOf = async (userId: string) =>
    (
      await rows(sql`select achievement_id from player_achievements
        where user_id = ${userId}::uuid order by achievement_id`)
    ).map((r) => String(r.achievement_id));
  const play = async (body: GameReportInput, on = device) => {
    const res = await reportPlayed(t, on, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  const duel = (winner: TestPlayer, loser: TestPlayer, winnerDeaths = 2) =>
    report({
      players: [
        { userId: winner.id, teamId: 1, score: 500, kills: 5, deaths: winnerDeaths },
        { userId: loser.id, teamId: 2, score: 100, kills: 1, deaths: 4 },
      ],
    });

  beforeAll(async () => {
    t = await createTestApp();
    ops = await addOperators(t);
    await addArcade(t);
    device = await addDevice(t, 'test-arcade', 'arena-1');
    anna = await addPlayer(t, 'Anna');
    ben = await addPlayer(t, 'Ben');
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, anna.id));
    for (const [p, n] of [
      [anna, 1],
      [ben, 2],
    ] as const)
      await t.db.insert(pushSubscriptions).values({
        userId: p.id,
        endpoint: `https://push.example.test/${n}`,
        p256dh: 'key',
        auth: 'auth',
      });
  }, 120_000);
  afterAll(() => t?.close());

  it('unlocks at ingest, with a notification and a push in the player’s language', async () => {
    const game = await play(duel(anna, ben));
    expect(await unlockedOf(anna.id)).toEqual(['first-game', 'first-win']);
    expect(await unlockedOf(ben.id)).toEqual(['first-game']);
    const gameIds = await rows(sql`select distinct game_id from player_achievements`);
    expect(gameIds.map((r) => r.game_id)).toEqual([game]);

    const bell = await t.request('GET', '/api/notifications', { token: anna.token });
    expect(bell.status).toBe(200);
    const titles = (bell.body.items as Array<{ kind: string; message: { en: { title: string } } }>)
      .filter((i) => i.kind === 'achievement')
      .map((i) => i.message.en.title);
    expect(titles.sort()).toEqual([
      'Achievement unlocked: First game',
      'Achievement unlocked: First win',
    ]);

    const pushes = await rows(sql`select u.user_name, o.payload->'message'->>'title' as title
      from push_outbox o join users u on u.id = o.user_id
      where o.kind = 'achievement' order by 1, 2`);
    expect(pushes).toEqual([
      { user_name: 'Anna', title: 'Achievement unlocked: First game' },
      { user_name: 'Anna', title: 'Achievement unlocked: First win' },
      { user_name: 'Ben', title: 'Erfolg freigeschaltet: Erstes Spiel' },
    ]);
  });

  it('writes nothing for a repeated report', async () => {
    const body = duel(ben, anna);
    await play(body);
    const before = await t.counts('player_achievements', 'notifications', 'push_outbox');
    const facts = await rows(sql`select facts from player_achievement_facts order by user_id`);
    const again = await reportPlayed(t, device, body);
    expect(again.status).toBe(200);
    expect(await t.counts('player_achievements', 'notifications', 'push_outbox')).toEqual(before);
    expect(await rows(sql`select facts from player_achievement_facts order by user_id`)).toEqual(
      facts,
    );
    // Ben's first win came with that game
    expect(await unlockedOf(ben.id)).toContain('first-win');
  });

  it('calls a won game without a death flawless', async () => {
    await play(duel(anna, ben, 0));
    expect(await unlockedOf(anna.id)).toContain('flawless');
    expect(await unlockedOf(ben.id)).not.toContain('flawless');
  });

  it('shows the unlocked ones and the progress of the locked ones to any signed-in player', async () => {
    const res = await t.request('GET', `/api/user/${anna.id}/achievements`, { token: ben.token });
    expect(res.status).toBe(200);
    const body = achievementsSchema.parse(res.body);
    expect(body.unlocked.map((u) => u.id).sort()).toEqual(['first-game', 'first-win', 'flawless']);
    const locked = Object.fromEntries(body.locked.map((l) => [l.id, l.progress]));
    expect(locked['games-10']).toEqual({ current: 3, target: 10 });
    expect(locked['win-streak-5']).toEqual({ current: 1, target: 5 });
    expect(locked['all-modes']).toEqual({ current: 1, target: expect.any(Number) });
    expect(Object.keys(locked)).toContainEqual(expect.stringMatching(/^season-\d{4}-\d{2}$/));

    expect((await t.request('GET', `/api/user/${anna.id}/achievements`)).status).toBe(401);
    const bad = await t.request('GET', '/api/user/nope/achievements', { token: ben.token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('id');
    const unknown = await t.request(
      'GET',
      '/api/user/00000000-0000-4000-8000-000000000000/achievements',
      { token: ben.token },
    );
    expect(unknown.status).toBe(404);
  });

  it('is in the monthly top 10 of the arcade after a game, on a board of at least 20', async () => {
    // 25 players on this month's board of the arcade, scoring 1000, 2000, … 25,000
    const month = `${new Date().toISOString().slice(0, 7)}-01`;
    const board: TestPlayer[] = [];
    for (let i = 1; i <= 25; i++) board.push(await addPlayer(t, `Board${i}`));
    await t.db.execute(sql`insert into player_stats_periods (user_id, application_id,
        period_kind, period_start, arcade_id, games_played, games_won, games_lost, kills, deaths,
        score_total, best_score)
      select (m->>'id')::uuid, 'commando', 'month', ${month}::date, 'test-arcade', 1, 0, 1, 0, 0,
        (m->>'score')::int, (m->>'score')::int
      from jsonb_array_elements(${JSON.stringify(
        board.map((p, i) => ({ id: p.id, score: (i + 1) * 1000 })),
      )}::jsonb) m`);
    const high = await addPlayer(t, 'High');
    const low = await addPlayer(t, 'Low');
    // 16,500 puts High 10th (nine score more); 15,500 leaves Low 11th
    await play(
      report({
        players: [
          { userId: high.id, teamId: 1, score: 16_500, kills: 5, deaths: 1 },
          { userId: low.id, teamId: 2, score: 15_500, kills: 1, deaths: 4 },
        ],
      }),
    );
    expect(await unlockedOf(high.id)).toContain('monthly-top-10');
    expect(await unlockedOf(low.id)).not.toContain('monthly-top-10');
  });

  it('keeps unlocked achievements when a game is voided, and counts the game no more', async () => {
    const opsDevice = await addDevice(t, ops.arcade, 'void-1');
    cid = await addPlayer(t, 'Cid');
    const game = await play(duel(cid, ben, 0), opsDevice);
    expect(await unlockedOf(cid.id)).toEqual(['first-game', 'first-win', 'flawless']);
    const gamesOfBen = async () =>
      Number(
        (
          await rows(sql`select facts->>'games' as g from player_achievement_facts
          where user_id = ${ben.id}::uuid`)
        )[0]!.g,
      );
    const before = await gamesOfBen();
    const voided = await t.request('POST', `/api/admin/arcades/${ops.arcade}/games/${game}/void`, {
      token: ops.staff.token,
      body: { reason: 'Vest fault' },
    });
    expect(voided.status).toBe(200);
    expect(await unlockedOf(cid.id)).toEqual(['first-game', 'first-win', 'flawless']);
    expect(await gamesOfBen()).toBe(before - 1);
    const cidFacts = await rows(sql`select facts from player_achievement_facts
      where user_id = ${cid.id}::uuid`);
    expect(cidFacts[0]!.facts).toMatchObject({ games: 0, wins: 0 });
  });

  it('awards and announces what an assigned guest result earns', async () => {
    const opsDevice = await addDevice(t, ops.arcade, 'assign-1');
    const dee = await addPlayer(t, 'Dee');
    const game = await play(
      report({
        players: [
          { guestName: 'Walk-in', teamId: 1, score: 300, kills: 3, deaths: 1 },
          { userId: ben.id, teamId: 2, score: 100, kills: 1, deaths: 3 },
        ],
      }),
      opsDevice,
    );
    const details = await t.request('GET', `/api/admin/arcades/${ops.arcade}/games/${game}`, {
      token: ops.admin.token,
    });
    const slot = (details.body.players as Array<{ slotId: number; guest: boolean }>).find(
      (s) => s.guest,
    )!;
    const assigned = await t.request(
      'POST',
      `/api/admin/arcades/${ops.arcade}/games/${game}/slots/${slot.slotId}/assign`,
      { token: ops.admin.token, body: { userId: dee.id } },
    );
    expect(assigned.status).toBe(200);
    expect(await unlockedOf(dee.id)).toEqual(['first-game', 'first-win']);
    const bell = await t.request('GET', '/api/notifications', { token: dee.token });
    expect(
      (bell.body.items as Array<{ kind: string }>).filter((i) => i.kind === 'achievement'),
    ).toHaveLength(2);
  });

  it('backfills a new achievement for past games, once, in batches', async () => {
    // As if 'first-game' and 'flawless' were new in the catalogue: nobody holds them yet.
    await t.db.execute(sql`delete from player_achievements
      where achievement_id in ('first-game', 'flawless')`);
    await t.db.execute(sql`update player_achievement_facts set facts = '{}'`);
    const notified = await t.counts('notifications', 'push_outbox');
    const first = await backfillAchievements(t.db, { batch: 2, notify: false });
    // first game: Anna, Ben, Dee, High, Low; flawless: Anna (Cid's flawless game is voided: not
    // again)
    expect(first).toEqual({ players: expect.any(Number), awarded: 6 });
    expect(await unlockedOf(anna.id)).toEqual(['first-game', 'first-win', 'flawless']);
    expect(await unlockedOf(cid.id)).toEqual(['first-win']);
    // unlocked at the time of the game that earned it
    const [annaFirst] = await rows(sql`select a.unlocked_at = g.played_at as at_game
      from player_achievements a join games g on g.id = a.game_id
      where a.user_id = ${anna.id}::uuid and a.achievement_id = 'first-game'`);
    expect(annaFirst!.at_game).toBe(true);
    expect(await t.counts('notifications', 'push_outbox')).toEqual(notified);
    const second = await backfillAchievements(t.db, { batch: 500, notify: false });
    expect(second.awarded).toBe(0);
    const facts = await rows(sql`select facts from player_achievement_facts
      where user_id = ${anna.id}::uuid`);
    expect(facts[0]!.facts).toMatchObject({ games: 3, wins: 2, flawless: 1 });
  });

  it('goes with the profile', async () => {
    const res = await t.request('DELETE', `/api/v2/user/${ben.id}`, { token: ben.token });
    expect(res.status).toBe(200);
    expect(
      await rows(sql`select 1 from player_achievements where user_id = ${ben.id}::uuid
        union all select 1 from player_achievement_facts where user_id = ${ben.id}::uuid`),
    ).toEqual([]);
  });
  // After the backfill's count of the past games' players.
  it('counts the month score a player already has at the arcade toward the top 10', async () => {
    const month = `${new Date().toISOString().slice(0, 7)}-01`;
    const board: TestPlayer[] = [];
    for (let i = 1; i <= 25; i++) board.push(await addPlayer(t, `Rank${i}`));
    const climber = await addPlayer(t, 'Climber');
    await t.db.execute(sql`insert into player_stats_periods (user_id, application_id,
        period_kind, period_start, arcade_id, games_played, games_won, games_lost, kills, deaths,
        score_total, best_score)
      select (m->>'id')::uuid, 'commando', 'month', ${month}::date, 'climb-arcade', 1, 0, 1, 0, 0,
        (m->>'score')::int, (m->>'score')::int
      from jsonb_array_elements(${JSON.stringify([
        ...board.map((p, i) => ({ id: p.id, score: (i + 1) * 1000 })),
        { id: climber.id, score: 10_000 },
      ])}::jsonb) m`);
    await addArcade(t, 'climb-arcade');
    const climbDevice = await addDevice(t, 'climb-arcade', 'climb-1');
    // 10,000 already + 6,500 now = 16,500: nine of the others score more, so Climber is 10th
    // (this game's 6,500 alone would be 20th)
    await play(
      report({
        players: [
          { userId: climber.id, teamId: 1, score: 6_500, kills: 5, deaths: 1 },
          { guestName: 'Gast', teamId: 2, score: 100, kills: 1, deaths: 4 },
        ],
      }),
      climbDevice,
    );
    expect(await unlockedOf(climber.id)).toContain('monthly-top-10');
  });
});
