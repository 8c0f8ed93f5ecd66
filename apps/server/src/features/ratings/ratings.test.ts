import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gameReportSchema,
  gameSchema,
  leaderboardSchema,
  type GameReportInput,
} from '@arcadia/contracts';
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
import { friendships } from '../../db/schema';
import { ingestGame } from '../games';
import { displayRating, INITIAL_RATING, rateSlots } from './model';

const parseReport = (body: GameReportInput) => gameReportSchema.parse(body);

/**
 * Skill ratings end to end (docs/rating.md): rated in the ingest transaction, guests at the
 * default strength, the game card's before/after, the rating board, its provisional marks.
 */
describe('skill ratings', () => {
  let t: TestApp;
  let device: TestDevice;
  const p: Record<string, TestPlayer> = {};

  const ratingsOf = async (mode = 'elimination') =>
    Object.fromEntries(
      (
        await t.db.execute(sql`select u.user_name, r.mu, r.sigma, r.rating, r.games
          from player_ratings r join users u on u.id = r.user_id
          where r.application_id = 'commando' and r.mode = ${mode}`)
      ).rows.map((r) => [
        String(r.user_name),
        { mu: Number(r.mu), sigma: Number(r.sigma), rating: Number(r.rating), games: r.games },
      ]),
    );
  const play = async (body: GameReportInput) => {
    const res = await reportPlayed(t, device, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  const twoVsTwo = (red: [string, string], blue: [string, string], score: [number, number]) =>
    report({
      teams: [
        { id: 1, name: 'Rot', score: score[0] },
        { id: 2, name: 'Blau', score: score[1] },
      ],
      players: [
        ...red.map((n) => ({ userId: p[n]!.id, teamId: 1, score: 100, kills: 1, deaths: 1 })),
        ...blue.map((n) => ({ userId: p[n]!.id, teamId: 2, score: 100, kills: 1, deaths: 1 })),
      ],
    });
  const latestGame = async (name: string) => {
    const res = await t.request('GET', `/api/user/${p[name]!.id}/games`, {
      token: p[name]!.token,
    });
    expect(res.status).toBe(200);
    return gameSchema.parse(res.body.games[0]);
  };

  beforeAll(async () => {
    t = await createTestApp();
    await addArcade(t, 'rating-arcade', 'Rating Arcade');
    device = await addDevice(t, 'rating-arcade', 'arena-1');
    for (const name of ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay'])
      p[name] = await addPlayer(t, name);
  }, 120_000);
  afterAll(() => t.close());

  it('the worked example of docs/rating.md, number for number', async () => {
    await play(twoVsTwo(['Ann', 'Bob'], ['Cid', 'Dee'], [3, 1]));
    let r = await ratingsOf();
    expect(r.Ann).toMatchObject({ rating: 1097, games: 1 });
    expect(r.Cid).toMatchObject({ rating: 940, games: 1 });
    expect(r.Ann!.mu).toBeCloseTo(26.964, 3);
    expect(r.Ann!.sigma).toBeCloseTo(8.178, 3);
    expect(r.Dee!.mu).toBeCloseTo(23.036, 3);

    // The example: Ann + Cid lose 1 : 4 to Bob + Dee.
    await play(twoVsTwo(['Ann', 'Cid'], ['Bob', 'Dee'], [1, 4]));
    r = await ratingsOf();
    const expected = {
      Ann: [25.041, 8.026, 1038, -59],
      Cid: [21.112, 8.026, 881, -59],
      Bob: [28.888, 8.026, 1192, 95],
      Dee: [24.959, 8.026, 1035, 95],
    } as const;
    for (const [name, [mu, sigma, rating, change]] of Object.entries(expected)) {
      expect(r[name]!.mu).toBeCloseTo(mu, 3);
      expect(r[name]!.sigma).toBeCloseTo(sigma, 3);
      expect(r[name]).toMatchObject({ rating, games: 2 });
      const card = await latestGame(name);
      expect(card.rating).toEqual({ before: rating - change, after: rating });
    }
  });

  it('counts guests at the default strength and keeps nothing for them', async () => {
    const before = await ratingsOf('deathmatch');
    expect(before.Eve).toBeUndefined();
    await play(
      report({
        type: 'deathmatch',
        teams: [
          { id: 1, name: 'Rot', score: 9 },
          { id: 2, name: 'Blau', score: 4 },
        ],
        players: [
          { userId: p.Eve!.id, teamId: 1, score: 90, kills: 9, deaths: 1 },
          { guestName: 'Gast', teamId: 2, score: 40, kills: 4, deaths: 9 },
        ],
      }),
    );
    const [eve] = rateSlots(
      'deathmatch',
      [
        { id: 1, score: 9 },
        { id: 2, score: 4 },
      ],
      [
        { teamId: 1, score: 90, rating: INITIAL_RATING },
        { teamId: 2, score: 40, rating: null },
      ],
    );
    const after = await ratingsOf('deathmatch');
    expect(Object.keys(after)).toEqual(['Eve']);
    expect(after.Eve).toEqual({ ...eve, rating: displayRating(eve!), games: 1 });
    const guests = await t.db.execute(
      sql`select rating_after from game_players where user_id is null and name = 'Gast'`,
    );
    expect(guests.rows).toEqual([{ rating_after: null }]);
  });

  it('rates in the ingest transaction: a refused or repeated report changes no rating', async () => {
    const before = await ratingsOf();
    const refused = await reportPlayed(t, device, {
      ...twoVsTwo(['Ann', 'Bob'], ['Cid', 'Dee'], [5, 0]),
      mapId: 'no-such-map',
    });
    expect(refused.status).toBe(400);
    expect(await ratingsOf()).toEqual(before);

    const body = twoVsTwo(['Ann', 'Bob'], ['Cid', 'Dee'], [5, 0]);
    await play(body);
    const once = await ratingsOf();
    expect(once.Ann!.games).toBe(3);
    const again = await reportPlayed(t, device, body);
    expect(again.status).toBe(200);
    expect(await ratingsOf()).toEqual(once);
  });

  it('concurrent games of the same players queue on the rating rows: no update is lost', async () => {
    const game = (red: number, blue: number) =>
      report({
        type: 'freeforall',
        teams: [],
        players: [
          { userId: p.Eve!.id, score: red, kills: 1, deaths: 1 },
          { userId: p.Fay!.id, score: blue, kills: 1, deaths: 1 },
        ],
      });
    const device = { arcadeId: 'rating-arcade', id: 'arena-1', applicationId: 'commando' };
    await Promise.all(
      [game(10, 5), game(3, 8), game(7, 1)].map((body) =>
        ingestGame(t.db, t.app.events, device, parseReport(body)),
      ),
    );
    const r = await ratingsOf('freeforall');
    expect([r.Eve!.games, r.Fay!.games]).toEqual([3, 3]);
    // Whatever order they were stored in, each game was rated from the one before: replaying
    // the stored games in ingest order gives the stored ratings.
    const rows = await t.db.execute(sql`select gp.user_id, gp.mu_before, gp.mu_after
      from game_players gp join games g on g.id = gp.game_id
      where g.type = 'freeforall' and gp.user_id = ${p.Eve!.id} order by gp.id`);
    const chain = rows.rows.map((x) => [Number(x.mu_before), Number(x.mu_after)]);
    expect(chain[0]![0]).toBe(INITIAL_RATING.mu);
    expect(chain[1]![0]).toBe(chain[0]![1]);
    expect(chain[2]![0]).toBe(chain[1]![1]);
    expect(r.Eve!.mu).toBe(chain[2]![1]);
  });

  it('the rating board: per mode, highest first, own rank, provisional until ten games', async () => {
    const board = async (query: string, token?: string) => {
      const res = await t.request('GET', `/api/leaderboards/commando?${query}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return leaderboardSchema.parse(res.body);
    };
    const r = await ratingsOf();
    const order = Object.entries(r)
      .sort((a, b) => b[1].rating - a[1].rating)
      .map(([name, v]) => [name, v.rating]);
    const res = await board('metric=rating&mode=elimination', p.Cid!.token);
    expect(res.entries.map((e) => [e.userName, e.value])).toEqual(order);
    expect(res).toMatchObject({ metric: 'rating', mode: 'elimination', total: 4 });
    expect(res.entries.every((e) => e.provisional === true)).toBe(true);
    const cidRank = 1 + order.findIndex(([name]) => name === 'Cid');
    expect(res.me).toMatchObject({ userName: 'Cid', rank: cidRank, value: r.Cid!.rating });
    expect(res.me!.gamesPlayed).toBe(3);

    // Fay has no rated game in the mode: no entry, no own rank.
    expect((await board('metric=rating&mode=elimination', p.Fay!.token)).me).toBeNull();
    expect((await board('metric=rating&mode=deathmatch')).entries.map((e) => e.userName)).toEqual([
      'Eve',
    ]);

    // Ten games: no longer provisional.
    for (let i = 0; i < 7; i++) await play(twoVsTwo(['Ann', 'Bob'], ['Cid', 'Dee'], [2, 1]));
    const ten = await board('metric=rating&mode=elimination', p.Ann!.token);
    expect(ten.me).toMatchObject({ gamesPlayed: 10, provisional: false });
    expect(ten.entries[0]!.userName).not.toBe('Cid');

    await t.db.insert(friendships).values({ userId: p.Fay!.id, friendId: p.Ann!.id });
    const friends = await board('metric=rating&mode=elimination&scope=friends', p.Fay!.token);
    expect(friends.entries.map((e) => [e.userName, e.rank])).toEqual([['Ann', 1]]);
  });

  it('refuses a rating board without a mode, for a period or an arcade (400, fields named)', async () => {
    for (const [query, field] of [
      ['metric=rating', 'mode'],
      ['metric=rating&mode=elimination&period=week', 'period'],
      ['metric=rating&mode=elimination&scope=arcade&arcade=rating-arcade', 'scope'],
      ['metric=rating&mode=golf', 'mode'],
    ] as const) {
      const res = await t.request('GET', `/api/leaderboards/commando?${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body.details ?? res.body), query).toContain(field);
    }
  });
});
