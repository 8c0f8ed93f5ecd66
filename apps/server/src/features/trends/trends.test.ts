import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trendsSchema, type GameReportInput } from '@arcadia/contracts';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { addPlayer, report, reportPlayed, type TestPlayer } from '../../../test/support/arcade';
import { addOperators, type Operators } from '../../../test/support/operators';

/** GET /api/user/{id}/trends over hand-built games (weeks from Monday, UTC). */
describe('trends: GET /api/user/{id}/trends', () => {
  let t: TestApp;
  let ops: Operators;
  let ann: TestPlayer;
  let bob: TestPlayer;
  const play = async (body: GameReportInput) => {
    const res = await reportPlayed(t, ops.device, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  const slot = (
    p: TestPlayer,
    teamId: number | null,
    score: number,
    kills: number,
    deaths: number,
  ) => ({
    userId: p.id,
    ...(teamId === null ? {} : { teamId }),
    score,
    kills,
    deaths,
  });
  const trends = (id: string, query = '', token: string | undefined = bob.token) =>
    t.request('GET', `/api/user/${id}/trends${query}`, { token });
  /** Ann's stored ratings after each counted game, oldest first. */
  const storedRatings = async (userId: string) =>
    (
      await t.db.execute(sql`select gp.rating_after from game_players gp
        join games g on g.id = gp.game_id
        where gp.user_id = ${userId} and g.voided_at is null order by gp.played_at`)
    ).rows.map((r) => Number(r.rating_after));

  beforeAll(async () => {
    t = await createTestApp();
    ops = await addOperators(t);
    ann = await addPlayer(t, 'Ann');
    bob = await addPlayer(t, 'Bob');
    // Week of Monday 2026-11-02: two elimination games, one per map.
    await play(
      report({
        playedAt: '2026-11-02T10:00:00Z',
        mapId: 'neon-docks',
        players: [slot(ann, 1, 30, 3, 1), slot(bob, 2, 10, 1, 3)],
      }),
    );
    await play(
      report({
        playedAt: '2026-11-04T10:00:00Z',
        mapId: 'skyline',
        teams: [
          { id: 1, name: 'Rot', score: 0 },
          { id: 2, name: 'Blau', score: 2 },
        ],
        players: [slot(ann, 1, 10, 2, 2), slot(bob, 2, 20, 2, 1)],
      }),
    );
    // Bob alone (with a guest) late on Sunday 2026-11-08, UTC: still the week of 2026-11-02.
    await play(
      report({
        playedAt: '2026-11-08T23:30:00Z',
        players: [
          slot(bob, 1, 30, 3, 0),
          { guestName: 'Gast', teamId: 2, score: 5, kills: 0, deaths: 3 },
        ],
      }),
    );
    // Week of Monday 2026-11-09.
    await play(
      report({
        playedAt: '2026-11-10T10:00:00Z',
        type: 'freeforall',
        teams: [],
        players: [slot(ann, null, 50, 5, 0), slot(bob, null, 40, 1, 5)],
      }),
    );
    // A voided game counts nowhere.
    const voided = await play(
      report({
        playedAt: '2026-11-11T10:00:00Z',
        players: [slot(ann, 1, 99, 9, 0), slot(bob, 2, 0, 0, 9)],
      }),
    );
    const res = await t.request('POST', `/api/admin/arcades/${ops.arcade}/games/${voided}/void`, {
      token: ops.staff.token,
      body: { reason: 'Vest fault' },
    });
    expect(res.status).toBe(200);
  }, 120_000);
  afterAll(() => t.close());

  it('per week: games, score per game and K/D; ratings after each game', async () => {
    const res = await trends(ann.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(trendsSchema.parse(res.body)).toEqual(res.body);
    expect(res.body).toMatchObject({
      playerId: ann.id,
      application: 'commando',
      mode: null,
      map: null,
    });
    expect(res.body.weeks).toEqual([
      { week: '2026-11-02', games: 2, kills: 5, deaths: 3, scorePerGame: 20, kd: 1.67 },
      { week: '2026-11-09', games: 1, kills: 5, deaths: 0, scorePerGame: 50, kd: 5 },
    ]);
    const stored = await storedRatings(ann.id);
    expect(stored).toHaveLength(3);
    expect(res.body.ratings).toEqual([
      { playedAt: '2026-11-02T10:00:00.000Z', mode: 'elimination', rating: stored[0] },
      { playedAt: '2026-11-04T10:00:00.000Z', mode: 'elimination', rating: stored[1] },
      { playedAt: '2026-11-10T10:00:00.000Z', mode: 'freeforall', rating: stored[2] },
    ]);
    // Ann won the first game and lost the second: her rating rose, then fell.
    expect(stored[0]).toBeGreaterThan(stored[1]!);
    // Her rating in each mode now, with the games it stands on (GAME_TYPES order).
    expect(res.body.current).toEqual([
      { mode: 'freeforall', rating: stored[2], games: 1 },
      { mode: 'elimination', rating: stored[1], games: 2 },
    ]);
  });

  it('another player sees the same; empty mode and map mean all', async () => {
    const own = await trends(ann.id, '', ann.token);
    const all = await trends(ann.id, '?application=commando&mode=&map=');
    expect(all.status).toBe(200);
    expect(all.body).toEqual(own.body);
  });

  it('filters per mode and per map', async () => {
    const elimination = await trends(ann.id, '?mode=elimination');
    expect(elimination.body.mode).toBe('elimination');
    expect(elimination.body.weeks).toEqual([
      { week: '2026-11-02', games: 2, kills: 5, deaths: 3, scorePerGame: 20, kd: 1.67 },
    ]);
    expect(elimination.body.ratings.map((r: { mode: string }) => r.mode)).toEqual([
      'elimination',
      'elimination',
    ]);

    const skyline = await trends(bob.id, '?map=skyline');
    expect(skyline.body.map).toBe('skyline');
    expect(skyline.body.weeks).toEqual([
      { week: '2026-11-02', games: 1, kills: 2, deaths: 1, scorePerGame: 20, kd: 2 },
    ]);
    expect(skyline.body.ratings).toHaveLength(1);

    const both = await trends(ann.id, '?mode=freeforall&map=skyline');
    expect(both.body).toMatchObject({ weeks: [], ratings: [] });
    // The current ratings are not filtered.
    expect(both.body.current.map((r: { mode: string }) => r.mode)).toEqual([
      'freeforall',
      'elimination',
    ]);
    const otherApp = await trends(ann.id, '?application=pinball');
    expect(otherApp.body).toMatchObject({
      application: 'pinball',
      weeks: [],
      ratings: [],
      current: [],
    });
  });

  it('a week runs from Monday 00:00 to Sunday 24:00, UTC', async () => {
    const res = await trends(bob.id, '', ann.token);
    expect(res.body.weeks).toEqual([
      { week: '2026-11-02', games: 3, kills: 6, deaths: 4, scorePerGame: 20, kd: 1.5 },
      { week: '2026-11-09', games: 1, kills: 1, deaths: 5, scorePerGame: 40, kd: 0.2 },
    ]);
    expect(res.body.ratings.map((r: { playedAt: string }) => r.playedAt)).toEqual([
      '2026-11-02T10:00:00.000Z',
      '2026-11-04T10:00:00.000Z',
      '2026-11-08T23:30:00.000Z',
      '2026-11-10T10:00:00.000Z',
    ]);
  });

  it('a player without games: empty series', async () => {
    const cid = await addPlayer(t, 'Cid');
    const res = await trends(cid.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ weeks: [], ratings: [] });
  });

  it('400 naming the field for bad input', async () => {
    const cases: Array<[string, string, string]> = [
      [ann.id, '?mode=capture', 'mode'],
      [ann.id, '?map=a%20b', 'map'],
      [ann.id, '?application=Not%20A%20Slug', 'application'],
      ['not-a-uuid', '', 'id'],
    ];
    for (const [id, query, field] of cases) {
      const res = await trends(id, query);
      expect(res.status, `${id}${query}`).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(field);
    }
  });

  it('404 for an unknown player, 401 without a token', async () => {
    const unknown = await trends(crypto.randomUUID());
    expect(unknown.status).toBe(404);
    const anonymous = await trends(ann.id, '', '');
    expect(anonymous.status).toBe(401);
  });
});
