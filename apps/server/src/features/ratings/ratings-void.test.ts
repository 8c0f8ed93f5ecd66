import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameReportInput } from '@arcadia/contracts';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { addPlayer, report, reportPlayed, type TestPlayer } from '../../../test/support/arcade';
import { addOperators, type Operators } from '../../../test/support/operators';
import { displayRating, INITIAL_RATING, rateSlots, type Rating } from './model';

/**
 * Voiding a game replays its players' ratings from it on; giving a guest's slot to a player
 * replays theirs from that game on (docs/rating.md).
 */
describe('ratings after a void or an assignment', () => {
  let t: TestApp;
  let ops: Operators;
  const p: Record<string, TestPlayer> = {};
  const teams = (red: number, blue: number) => [
    { id: 1, name: 'Rot', score: red },
    { id: 2, name: 'Blau', score: blue },
  ];
  const slot = (name: string, teamId: number) => ({
    userId: p[name]!.id,
    teamId,
    score: 10,
    kills: 1,
    deaths: 1,
  });
  const play = async (body: GameReportInput) => {
    const res = await reportPlayed(t, ops.device, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  const ratingsOf = async () =>
    Object.fromEntries(
      (
        await t.db.execute(sql`select u.user_name, r.mu, r.sigma, r.rating, r.games
          from player_ratings r join users u on u.id = r.user_id
          where r.application_id = 'commando' and r.mode = 'elimination'`)
      ).rows.map((r) => [
        String(r.user_name),
        { mu: Number(r.mu), sigma: Number(r.sigma), rating: r.rating, games: r.games },
      ]),
    );
  const as = (r: Rating, games: number) => ({ ...r, rating: displayRating(r), games });
  /** Red (team 1) against blue (team 2), ratings in slot order. */
  const rated = (ratings: Array<Rating | null>, red: number, blue: number, teamsOf: number[]) =>
    rateSlots(
      'elimination',
      [
        { id: 1, score: red },
        { id: 2, score: blue },
      ],
      ratings.map((rating, i) => ({ teamId: teamsOf[i]!, score: 10, rating })),
    );

  beforeAll(async () => {
    t = await createTestApp();
    ops = await addOperators(t);
    for (const name of ['Ann', 'Bob', 'Cid', 'Dee']) p[name] = await addPlayer(t, name);
  }, 120_000);
  afterAll(() => t.close());

  it('void: the players’ ratings as if the game had never been played', async () => {
    // g1: Ann beats Bob. g2: Ann + Cid beat Bob + a guest. g3: Bob beats Cid.
    const g1 = await play(
      report({ teams: teams(3, 0), players: [slot('Ann', 1), slot('Bob', 2)] }),
    );
    await play(
      report({
        teams: teams(3, 1),
        players: [
          slot('Ann', 1),
          slot('Cid', 1),
          slot('Bob', 2),
          { guestName: 'Gast', teamId: 2, score: 5, kills: 0, deaths: 2 },
        ],
      }),
    );
    await play(report({ teams: teams(0, 2), players: [slot('Cid', 1), slot('Bob', 2)] }));
    const cidBefore = (await ratingsOf()).Cid!;

    const res = await t.request('POST', `/api/admin/arcades/${ops.arcade}/games/${g1}/void`, {
      token: ops.staff.token,
      body: { reason: 'Vest fault' },
    });
    expect(res.status).toBe(200);

    // Without g1: g2 from the start (Cid at his stored rating of g2, the initial one), then g3.
    const [ann2, cid2, bob2] = rated(
      [INITIAL_RATING, INITIAL_RATING, INITIAL_RATING, null],
      3,
      1,
      [1, 1, 2, 2],
    );
    // Cid is no player of g1: his ratings stay as stored, and Bob meets him in g3 at the rating
    // Cid had there (his g2 result as first computed, against Ann and Bob after g1).
    const [annG1, bobG1] = rated([INITIAL_RATING, INITIAL_RATING], 3, 0, [1, 2]);
    const [, cidG2] = rated([annG1!, INITIAL_RATING, bobG1!, null], 3, 1, [1, 1, 2, 2]);
    expect(cid2).not.toEqual(cidG2);
    const [, bob3] = rated([cidG2!, bob2!], 0, 2, [1, 2]);
    const after = await ratingsOf();
    expect(after.Ann).toEqual(as(ann2!, 1));
    expect(after.Bob).toEqual(as(bob3!, 2));
    expect(after.Cid).toEqual(cidBefore);

    // The game cards follow: Bob's g3 card shows his replayed before and after.
    const history = await t.request('GET', `/api/user/${p.Bob!.id}/games`, {
      token: p.Bob!.token,
    });
    expect(history.body.games[0].rating).toEqual({
      before: displayRating(bob2!),
      after: displayRating(bob3!),
    });
  });

  it('void of a player’s only game removes their rating', async () => {
    const g = await play(report({ teams: teams(1, 0), players: [slot('Dee', 1), slot('Ann', 2)] }));
    expect((await ratingsOf()).Dee).toBeDefined();
    const res = await t.request('POST', `/api/admin/arcades/${ops.arcade}/games/${g}/void`, {
      token: ops.staff.token,
      body: { reason: 'Test game' },
    });
    expect(res.status).toBe(200);
    expect((await ratingsOf()).Dee).toBeUndefined();
  });

  it('assigning a guest’s slot rates the game and the player’s later games for them', async () => {
    const before = await ratingsOf();
    const g = await play(
      report({
        teams: teams(4, 1),
        players: [
          { guestName: 'Walk-in', teamId: 1, score: 40, kills: 4, deaths: 0 },
          slot('Cid', 2),
        ],
      }),
    );
    const game = await t.request('GET', `/api/admin/arcades/${ops.arcade}/games/${g}`, {
      token: ops.admin.token,
    });
    const guest = (game.body.players as Array<{ slotId: number; guest: boolean }>).find(
      (s) => s.guest,
    )!;
    const res = await t.request(
      'POST',
      `/api/admin/arcades/${ops.arcade}/games/${g}/slots/${guest.slotId}/assign`,
      { token: ops.admin.token, body: { userId: p.Dee!.id } },
    );
    expect(res.status).toBe(200);
    // Dee (no counted game left) plays Cid at Cid's stored rating before this game.
    const cid = before.Cid!;
    const [dee] = rated([INITIAL_RATING, { mu: cid.mu, sigma: cid.sigma }], 4, 1, [1, 2]);
    expect((await ratingsOf()).Dee).toEqual(as(dee!, 1));
  });
});
