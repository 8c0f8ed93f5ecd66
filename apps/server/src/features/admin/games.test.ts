import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import {
  addDevice,
  addPlayer,
  report,
  reportPlayed,
  type TestDevice,
  type TestPlayer,
} from '../../../test/support/arcade';
import {
  addOperators,
  checkAccessMatrix,
  snapshot,
  type Caller,
  type Operators,
} from '../../../test/support/operators';
import { auditLog, gamePlayers, users } from '../../db/schema';
import { today } from './games';

const WRITES = [
  'games',
  'game_players',
  'player_stats',
  'player_stats_periods',
  'player_rank_buckets',
  'player_rank_bucket_groups',
  'notifications',
  'audit_log',
] as const;

interface Slot {
  slotId: number;
  userId: string | null;
  name: string;
  guest: boolean;
}

describe('operator API: the games of an arcade', () => {
  let t: TestApp;
  let ops: Operators;
  let ann: TestPlayer;
  let bob: TestPlayer;
  let away: TestDevice;
  const base = (gameId = '') =>
    `/api/admin/arcades/${ops.arcade}/games${gameId ? `/${gameId}` : ''}`;
  const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(auditLog.id)).at(-1);

  /**
   * A game on the staff's arcade: Ann, Bob and two guests, or on the other arcade. Seconds apart,
   * so that all of them fall on today's Berlin day (minutes would cross midnight at 00:10).
   */
  async function play(secondsAgo: number, device?: TestDevice): Promise<string> {
    const res = await reportPlayed(
      t,
      device ?? ops.device,
      report({
        playedAt: new Date(Date.now() - secondsAgo * 1000).toISOString(),
        players: [
          { userId: ann.id, teamId: 1, kills: 5, deaths: 1, score: 500 },
          { userId: bob.id, teamId: 2, kills: 1, deaths: 4, score: 100 },
          { guestName: 'Gus', teamId: 1, kills: 3, deaths: 2, score: 300 },
          { guestName: 'Zoe', teamId: 2, kills: 2, deaths: 3, score: 200 },
        ],
      }),
    );
    expect(res.status).toBe(201);
    return res.body.id as string;
  }
  const slots = async (gameId: string): Promise<Slot[]> =>
    (await t.request('GET', base(gameId), { token: ops.admin.token })).body.players;
  const guestSlot = async (gameId: string, name = 'Gus') =>
    (await slots(gameId)).find((s) => s.name === name)!.slotId;

  beforeAll(async () => {
    t = await createTestApp();
    ops = await addOperators(t);
    ann = await addPlayer(t, 'Ann');
    bob = await addPlayer(t, 'Bob');
    away = await addDevice(t, ops.otherArcade, 'away-device');
  }, 120_000);
  afterAll(() => t?.close());

  it('GET …/games: the day’s games newest first, paged; 404 for an unknown arcade', async () => {
    const older = await play(2);
    const newer = await play(1);
    await play(3, away);
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'GET', path: base() }),
      expect: { staff: 200, admin: 200 },
      tables: WRITES,
    });
    const res = await t.request('GET', `${base()}?day=${today()}&limit=1`, {
      token: ops.staff.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ day: today(), timeZone: 'Europe/Berlin', next: newer });
    expect(res.body.games).toEqual([
      expect.objectContaining({
        id: newer,
        arcadeId: ops.arcade,
        device: { id: ops.device.id, name: `Device ${ops.device.id}` },
        type: 'elimination',
        map: expect.objectContaining({ id: 'neon-docks', name: 'Neon Docks' }),
        durationSeconds: 300,
        playerCount: 4,
        voidedAt: null,
      }),
    ]);
    const next = await t.request('GET', `${base()}?limit=1&before=${newer}`, {
      token: ops.staff.token,
    });
    expect(next.body.games.map((g: { id: string }) => g.id)).toEqual([older]);
    expect(next.body.next).toBeNull();
    const yesterday = new Date(Date.now() - 2 * 86_400_000);
    const empty = await t.request('GET', `${base()}?day=${today(yesterday)}`, {
      token: ops.staff.token,
    });
    expect(empty.body.games).toEqual([]);
    const bad = await t.request('GET', `${base()}?day=23.11.2026&limit=0`, {
      token: ops.staff.token,
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error.details)).toMatch(/day[\s\S]*limit|limit[\s\S]*day/);
    const unknown = await t.request('GET', '/api/admin/arcades/no-such-arcade/games', {
      token: ops.admin.token,
    });
    expect(unknown.status).toBe(404);
  });

  it('GET …/games: each game names its first players, best first; a deleted one by nothing', async () => {
    const dee = await addPlayer(t, 'Dee');
    const res = await reportPlayed(
      t,
      ops.device,
      report({
        playedAt: new Date(Date.now() - 14_000).toISOString(),
        players: [
          { userId: ann.id, teamId: 1, kills: 5, deaths: 1, score: 500 },
          { userId: bob.id, teamId: 2, kills: 1, deaths: 4, score: 100 },
          { userId: dee.id, teamId: 1, kills: 9, deaths: 0, score: 900 },
          { guestName: 'Gus', teamId: 1, kills: 3, deaths: 2, score: 300 },
          { guestName: 'Zoe', teamId: 2, kills: 2, deaths: 3, score: 200 },
        ],
      }),
    );
    expect(res.status).toBe(201);
    const id = res.body.id as string;
    const listed = async () =>
      (await t.request('GET', `${base()}?limit=100`, { token: ops.staff.token })).body.games.find(
        (g: { id: string }) => g.id === id,
      );
    expect(await listed()).toMatchObject({
      playerCount: 5,
      players: [
        { kind: 'player', userId: dee.id, name: 'Dee' },
        { kind: 'player', userId: ann.id, name: 'Ann' },
        { kind: 'guest', userId: null, name: 'Gus' },
      ],
    });
    // Dee deletes their profile: the list keeps the slot and says nothing of who it was.
    expect((await t.request('DELETE', `/api/v2/user/${dee.id}`, { token: dee.token })).status).toBe(
      200,
    );
    const game = await listed();
    expect(game.players).toEqual([
      { kind: 'deleted', userId: null, name: null },
      { kind: 'player', userId: ann.id, name: 'Ann' },
      { kind: 'guest', userId: null, name: 'Gus' },
    ]);
    expect(JSON.stringify(game)).not.toMatch(new RegExp(`Dee|${dee.id}|Deleted player`));
  });

  it('GET …/games/{id}: teams and every slot; 404 for a game of another arcade', async () => {
    const id = await play(4);
    const elsewhere = await play(5, away);
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'GET', path: base(id) }),
      expect: { staff: 200, admin: 200 },
      tables: WRITES,
    });
    const res = await t.request('GET', base(id), { token: ops.staff.token });
    expect(res.body).toMatchObject({
      id,
      voidedAt: null,
      voidReason: null,
      teams: [
        { id: 1, name: 'Rot', score: 3 },
        { id: 2, name: 'Blau', score: 1 },
      ],
    });
    expect(res.body.players.map((p: Slot) => [p.name, p.userId, p.guest])).toEqual([
      ['Ann', ann.id, false],
      ['Gus', null, true],
      ['Zoe', null, true],
      ['Bob', bob.id, false],
    ]);
    expect(res.body.players[0]).toMatchObject({ kills: 5, deaths: 1, score: 500, won: true });
    expect((await t.request('GET', base(elsewhere), { token: ops.admin.token })).status).toBe(404);
  });

  it('POST …/void: staff of it and admins; 409 the second time; audited; 400 without reason', async () => {
    const forCaller: Partial<Record<Caller, string>> = {
      staff: await play(6),
      admin: await play(7),
    };
    await checkAccessMatrix(t, ops, {
      call: (caller) => ({
        method: 'POST',
        path: `${base(forCaller[caller] ?? forCaller.staff)}/void`,
        body: { reason: `Faulty vest (${caller})` },
      }),
      expect: { staff: 200, admin: 200 },
      tables: WRITES,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'game.void',
      targetType: 'game',
      targetId: forCaller.admin,
      arcadeId: ops.arcade,
      actorUserId: ops.admin.id,
      after: { voidReason: 'Faulty vest (admin)' },
    });
    const blankGame = await play(8);
    const before = await snapshot(t, WRITES);
    const again = await t.request('POST', `${base(forCaller.staff)}/void`, {
      token: ops.staff.token,
      body: { reason: 'again' },
    });
    expect(again.status).toBe(409);
    const blank = await t.request('POST', `${base(blankGame)}/void`, {
      token: ops.staff.token,
      body: { reason: '  ' },
    });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body.error.details)).toContain('reason');
    const missing = await t.request(
      'POST',
      `${base('00000000-0000-4000-8000-000000000000')}/void`,
      {
        token: ops.staff.token,
        body: { reason: 'gone' },
      },
    );
    expect(missing.status).toBe(404);
    expect(await snapshot(t, WRITES)).toEqual(before);
    const list = await t.request('GET', base(), { token: ops.staff.token });
    const voided = list.body.games.filter((g: { voidedAt: string | null }) => g.voidedAt);
    expect(voided.map((g: { id: string }) => g.id).sort()).toEqual(
      [forCaller.staff, forCaller.admin].sort(),
    );
  });

  it('POST …/void: the result leaves the players’ bells and the unsent pushes, nothing else', async () => {
    const gameId = await play(9);
    const other = await play(10);
    const bell = async (player: TestPlayer) =>
      (
        (await t.request('GET', '/api/notifications', { token: player.token })).body
          .items as Array<{
          kind: string;
          message: { de: { url: string } };
        }>
      )
        .filter((i) => i.kind === 'match_result')
        .map((i) => i.message.de.url);
    for (const player of [ann, bob])
      expect(await bell(player)).toEqual(
        expect.arrayContaining([`/game/${gameId}`, `/game/${other}`]),
      );
    // Unsent deliveries (not due for an hour, so the push worker leaves them).
    const pending = (tag: string) =>
      sql`insert into push_outbox (user_id, kind, payload, next_attempt_at)
          values (${ann.id}, 'match_result',
                  ${JSON.stringify({ endpoint: 'https://push.example/x', message: { title: 't', body: 'b', url: '/', tag } })}::jsonb,
                  now() + interval '1 hour')`;
    await t.db.execute(pending(`game-${gameId}`));
    await t.db.execute(pending(`game-${other}`));

    const res = await t.request('POST', `${base(gameId)}/void`, {
      token: ops.staff.token,
      body: { reason: 'Faulty vest' },
    });
    expect(res.status).toBe(200);
    for (const player of [ann, bob]) {
      expect(await bell(player)).not.toContain(`/game/${gameId}`);
      expect(await bell(player)).toContain(`/game/${other}`);
    }
    const { rows } = await t.db.execute<{ tag: string }>(
      sql`select payload->'message'->>'tag' as tag from push_outbox
           where user_id = ${ann.id} and sent_at is null and kind = 'match_result'`,
    );
    expect(rows.map((r) => r.tag)).toEqual([`game-${other}`]);
  });

  it('POST …/assign: a guest’s result to a player; the statistics equal the sums', async () => {
    const cid = await addPlayer(t, 'Cid');
    const forCaller: Partial<Record<Caller, string>> = {
      staff: await play(9),
      admin: await play(10),
    };
    // The guest slot of each game, looked up before the matrix calls (call() is synchronous).
    const slotOf: Record<string, number> = {};
    for (const gameId of Object.values(forCaller)) slotOf[gameId] = await guestSlot(gameId);
    await checkAccessMatrix(t, ops, {
      call: (caller) => {
        const gameId = forCaller[caller] ?? forCaller.staff!;
        return {
          method: 'POST',
          path: `${base(gameId)}/slots/${slotOf[gameId]}/assign`,
          body: { userId: cid.id },
        };
      },
      expect: { staff: 200, admin: 200 },
      tables: WRITES,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'game.assign',
      targetId: forCaller.admin,
      before: { slotId: slotOf[forCaller.admin!], userId: null, name: 'Gus' },
      after: { slotId: slotOf[forCaller.admin!], userId: cid.id },
    });
    const mine = await slots(forCaller.admin!);
    expect(mine.find((s) => s.slotId === slotOf[forCaller.admin!])).toMatchObject({
      userId: cid.id,
      name: 'Cid',
      guest: false,
    });
    const { rows } = await t.db.execute(sql`select
      (select row_to_json(s) from (select games_played, games_won, kills, deaths, score_total,
         best_score from player_stats where user_id = ${cid.id}) s) as stats,
      (select row_to_json(s) from (select count(*)::int as games_played,
         (count(*) filter (where won))::int as games_won, sum(kills)::int as kills,
         sum(deaths)::int as deaths, sum(score)::int as score_total, max(score) as best_score
         from game_players where user_id = ${cid.id}) s) as sums`);
    expect(rows[0]!.stats).toEqual({
      games_played: 2,
      games_won: 2,
      kills: 6,
      deaths: 4,
      score_total: 600,
      best_score: 300,
    });
    expect(rows[0]!.stats).toEqual(rows[0]!.sums);
    const history = await t.request('GET', `/api/user/${cid.id}/games`, { token: cid.token });
    expect(history.body.games.map((g: { id: string }) => g.id)).toEqual([
      forCaller.staff,
      forCaller.admin,
    ]);
  });

  it('POST …/assign refuses: no guest, anonymised, in the game, unknown or unseen player, voided', async () => {
    const id = await play(11);
    const zoe = await guestSlot(id, 'Zoe');
    const annSlot = (await slots(id)).find((s) => s.userId === ann.id)!.slotId;
    const other = await play(12);
    const assign = (gameId: string, slotId: number, userId: string) =>
      t.request('POST', `${base(gameId)}/slots/${slotId}/assign`, {
        token: ops.staff.token,
        body: { userId },
      });
    // The way a deletion leaves a slot (features/games/events.ts): no user, anonymised.
    await t.db
      .update(gamePlayers)
      .set({ userId: null, name: 'Deleted player', anonymised: true })
      .where(eq(gamePlayers.id, zoe));
    // A private player who never came: no one staff may give a result to (their picker finds
    // no such player either).
    const pia = await addPlayer(t, 'Pia');
    await t.db.update(users).set({ profileVisibility: 'private' }).where(eq(users.id, pia.id));
    const voided = await play(13);
    await t.request('POST', `${base(voided)}/void`, {
      token: ops.staff.token,
      body: { reason: 'test' },
    });
    const before = await snapshot(t, WRITES);
    const cases: Array<[string, number, string, number]> = [
      [id, annSlot, bob.id, 409],
      [id, zoe, bob.id, 409],
      [id, await guestSlot(id), ann.id, 409],
      [id, await guestSlot(id), '00000000-0000-4000-8000-000000000000', 404],
      [id, await guestSlot(id), pia.id, 404],
      [id, 2_000_000, bob.id, 404],
      [other, await guestSlot(id), bob.id, 404],
      [voided, await guestSlot(voided), bob.id, 409],
    ];
    for (const [gameId, slotId, userId, status] of cases)
      expect((await assign(gameId, slotId, userId)).status, `${slotId} ${userId}`).toBe(status);
    const bad = await t.request('POST', `${base(id)}/slots/x/assign`, {
      token: ops.staff.token,
      body: { userId: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error.details)).toMatch(/slotId|userId/);
    expect(await snapshot(t, WRITES)).toEqual(before);
  });
});
