import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { friendships } from '../../db/schema';
import {
  addArcade,
  addDevice,
  addPlayer,
  reportPlayed,
  report,
  type TestDevice,
  type TestPlayer,
} from '../../../test/support/arcade';

/**
 * Hand-computed fixture (all freeforall):
 *   G1 now, neon-city:       Anna 500 k5 d1 (won), Ben 300 k3 d3, Cleo 300 k2 d2
 *   G2 now, neon-city:       Dora 800 k8 d2 (won), Anna 100 k1 d4, Emil 50 k0 d5
 *   G3 70 days ago, pixel:   Finn 2000 k10 d0 (won), Ben 900 k4 d1
 *   G4 70 days ago, pixel:   Cleo 400 k3 d1 (won), Ben 100 k1 d2
 * All time: Finn 2000, Ben 1300 (3 games, 8/6), Dora 800, Cleo 700, Anna 600, Emil 50.
 * Anna added Ben and Finn as friends.
 */
describe('leaderboards', () => {
  let t: TestApp;
  let neon: TestDevice;
  let pixel: TestDevice;
  const p: Record<string, TestPlayer> = {};

  const board = (query: string, token?: string) =>
    t.request('GET', `/api/leaderboards/commando?${query}`, { token });
  const ranks = (body: { entries: Array<{ userName: string; rank: number; value: number }> }) =>
    body.entries.map((e) => [e.userName, e.rank, e.value]);

  beforeAll(async () => {
    t = await createTestApp();
    await addArcade(t, 'neon-city', 'Neon City');
    await addArcade(t, 'pixel', 'Pixel Palace');
    neon = await addDevice(t, 'neon-city', 'arena-1');
    pixel = await addDevice(t, 'pixel', 'p-1');
    for (const name of ['Anna', 'Ben', 'Cleo', 'Dora', 'Emil', 'Finn', 'Gina'])
      p[name] = await addPlayer(t, name);
    const old = new Date(Date.now() - 70 * 86_400_000).toISOString();
    const games: Array<[TestDevice, string | undefined, Array<[string, number, number, number]>]> =
      [
        [
          neon,
          undefined,
          [
            ['Anna', 500, 5, 1],
            ['Ben', 300, 3, 3],
            ['Cleo', 300, 2, 2],
          ],
        ],
        [
          neon,
          undefined,
          [
            ['Dora', 800, 8, 2],
            ['Anna', 100, 1, 4],
            ['Emil', 50, 0, 5],
          ],
        ],
        [
          pixel,
          old,
          [
            ['Finn', 2000, 10, 0],
            ['Ben', 900, 4, 1],
          ],
        ],
        [
          pixel,
          old,
          [
            ['Cleo', 400, 3, 1],
            ['Ben', 100, 1, 2],
          ],
        ],
      ];
    for (const [device, playedAt, players] of games) {
      const res = await reportPlayed(
        t,
        device,
        report({
          type: 'freeforall',
          teams: [],
          ...(playedAt ? { playedAt } : {}),
          players: players.map(([name, score, kills, deaths]) => ({
            userId: p[name]!.id,
            score,
            kills,
            deaths,
          })),
        }),
      );
      expect(res.status).toBe(201);
    }
    await t.db.insert(friendships).values([
      { userId: p.Anna!.id, friendId: p.Ben!.id },
      { userId: p.Anna!.id, friendId: p.Finn!.id },
      { userId: p.Dora!.id, friendId: p.Anna!.id },
    ]);
  });
  afterAll(() => t.close());

  it('ranks everyone by total score of all time, without a token', async () => {
    const res = await board('metric=score&period=all&scope=global');
    expect(res.status).toBe(200);
    expect(ranks(res.body)).toEqual([
      ['Finn', 1, 2000],
      ['Ben', 2, 1300],
      ['Dora', 3, 800],
      ['Cleo', 4, 700],
      ['Anna', 5, 600],
      ['Emil', 6, 50],
    ]);
    expect(res.body).toMatchObject({
      applicationId: 'commando',
      metric: 'score',
      period: 'all',
      scope: 'global',
      arcade: null,
      periodStart: null,
      me: null,
      page: 1,
      pageSize: 20,
      total: 6,
      totalPages: 1,
    });
    expect(res.body.entries[1].gamesPlayed).toBe(3);
  });

  it('uses the defaults score, all, global', async () => {
    const res = await board('');
    expect(ranks(res.body)[0]).toEqual(['Finn', 1, 2000]);
  });

  it('adds the signed-in player’s own entry', async () => {
    const res = await board('metric=score', p.Anna!.token);
    expect(res.body.me).toEqual({
      rank: 5,
      userId: p.Anna!.id,
      userName: 'Anna',
      value: 600,
      gamesPlayed: 2,
    });
    const nobody = await board('metric=score', p.Gina!.token);
    expect(nobody.body.me).toBeNull();
  });

  it('shows the own rank on a page the player is not on', async () => {
    const res = await board('metric=score&page=2', p.Emil!.token);
    expect(res.body.entries).toEqual([]);
    expect(res.body.me).toMatchObject({ rank: 6, userName: 'Emil', value: 50 });
  });

  it('lets ties share a rank (wins: four winners, then rank 5)', async () => {
    const res = await board('metric=wins', p.Ben!.token);
    expect(res.body.entries.map((e: { rank: number }) => e.rank)).toEqual([1, 1, 1, 1, 5, 5]);
    expect(res.body.me).toMatchObject({ rank: 5, value: 0 });
    const winners = res.body.entries.slice(0, 4).map((e: { userName: string }) => e.userName);
    expect(winners.sort()).toEqual(['Anna', 'Cleo', 'Dora', 'Finn']);
  });

  it('ranks K/D only over players with at least three games', async () => {
    const res = await board('metric=kd', p.Anna!.token);
    expect(ranks(res.body)).toEqual([['Ben', 1, 1.33]]);
    expect(res.body.total).toBe(1);
    expect(res.body.me).toBeNull();
  });

  it('ranks this week and this month from the games played in them', async () => {
    const expected = [
      ['Dora', 1, 800],
      ['Anna', 2, 600],
      ['Ben', 3, 300],
      ['Cleo', 3, 300],
      ['Emil', 5, 50],
    ];
    for (const period of ['week', 'month']) {
      const res = await board(`metric=score&period=${period}`, p.Cleo!.token);
      expect(res.status).toBe(200);
      const got = ranks(res.body);
      // Ben and Cleo tie; their order is by user id.
      expect([...got].sort()).toEqual([...expected].sort());
      expect(got.map((r) => r[1])).toEqual([1, 2, 3, 3, 5]);
      expect(res.body.me).toMatchObject({ rank: 3, value: 300, gamesPlayed: 1 });
      expect(res.body.periodStart).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('ranks one arcade, all time and this week', async () => {
    const all = await board('scope=arcade&arcade=pixel', p.Ben!.token);
    expect(ranks(all.body)).toEqual([
      ['Finn', 1, 2000],
      ['Ben', 2, 1000],
      ['Cleo', 3, 400],
    ]);
    expect(all.body).toMatchObject({ arcade: 'pixel', me: { rank: 2 } });
    const week = await board('scope=arcade&arcade=pixel&period=week');
    expect(week.body).toMatchObject({ entries: [], total: 0, totalPages: 0 });
  });

  it('ranks the player among the friends they added', async () => {
    const res = await board('scope=friends', p.Anna!.token);
    expect(ranks(res.body)).toEqual([
      ['Finn', 1, 2000],
      ['Ben', 2, 1300],
      ['Anna', 3, 600],
    ]);
    expect(res.body.me).toMatchObject({ rank: 3 });
    const wins = await board('scope=friends&metric=wins&period=week', p.Anna!.token);
    expect(ranks(wins.body)).toEqual([
      ['Anna', 1, 1],
      ['Ben', 2, 0],
    ]);
  });

  it('needs a token for friends, an arcade for arcade scope, known values', async () => {
    const friends = await board('scope=friends');
    expect(friends.status).toBe(401);
    const noArcade = await board('scope=arcade');
    expect(noArcade.status).toBe(400);
    expect(noArcade.body.error.details[0].path).toContain('arcade');
    expect((await board('scope=arcade&arcade=atlantis')).status).toBe(404);
    expect((await board('metric=elo')).status).toBe(400);
    expect((await board('page=0')).status).toBe(400);
    expect((await t.request('GET', '/api/leaderboards/pacman')).status).toBe(404);
    expect((await board('', 'not-a-token')).status).toBe(401);
  });

  it('tells an unknown game or arcade from an empty board, with or without a token', async () => {
    // The page, the total and the own row come in one query; the game and the arcade are only
    // looked up when it finds nobody.
    const anna = p.Anna!.token;
    for (const token of [undefined, anna]) {
      const pacman = await t.request('GET', '/api/leaderboards/pacman?scope=friends', { token });
      expect(pacman.status).toBe(404);
      expect(pacman.body.error.message).toContain('pacman');
      const unknown = await t.request('GET', '/api/leaderboards/pacman', { token });
      expect(unknown.status).toBe(404);
      const atlantis = await board('scope=arcade&arcade=atlantis&period=week', token);
      expect(atlantis.status).toBe(404);
      expect(atlantis.body.error.message).toContain('atlantis');
    }
    const empty = await board('scope=arcade&arcade=pixel&period=week&metric=kd', anna);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ entries: [], total: 0, me: null });
  });
});
