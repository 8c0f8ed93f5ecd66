import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friendComparisonSchema } from '@arcadia/contracts';
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

const V1 = '/api/user/me/friends';

describe('removing a friend and comparing with one', () => {
  let t: TestApp;
  let device: TestDevice;
  let anna: TestPlayer;
  let ben: TestPlayer;
  let cleo: TestPlayer;
  const played: string[] = [];

  const befriend = async (a: TestPlayer, b: TestPlayer) => {
    const res = await t.request('POST', V1, { token: a.token, body: { friendId: b.id } });
    expect(res.status).toBe(201);
  };
  const friendIds = async (p: TestPlayer) =>
    (
      (await t.request('GET', V1, { token: p.token })).body.friends as Array<{ userId: string }>
    ).map((f) => f.userId);
  const play = async (body: Parameters<typeof report>[0]) => {
    const res = await reportPlayed(t, device, report(body));
    expect(res.status).toBe(201);
    played.push(res.body.id);
    return res.body.id as string;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await addArcade(t, 'neon-city');
    device = await addDevice(t, 'neon-city', 'arena-1');
    anna = await addPlayer(t, 'Anna');
    ben = await addPlayer(t, 'Ben');
    cleo = await addPlayer(t, 'Cleo');
    const at = (day: number) => new Date(Date.now() - (10 - day) * 86_400_000).toISOString();
    // 1: against each other, Anna's team wins.
    await play({
      playedAt: at(1),
      players: [
        { userId: anna.id, teamId: 1, kills: 5, deaths: 1, score: 500 },
        { userId: ben.id, teamId: 2, kills: 1, deaths: 5, score: 100 },
      ],
    });
    // 2: against each other, Ben's team wins (team 2 tops it).
    await play({
      playedAt: at(2),
      teams: [
        { id: 1, name: 'Rot', score: 1 },
        { id: 2, name: 'Blau', score: 3 },
      ],
      players: [
        { userId: anna.id, teamId: 1, kills: 1, deaths: 5, score: 100 },
        { userId: ben.id, teamId: 2, kills: 5, deaths: 1, score: 600 },
      ],
    });
    // 3: together on team 1, and they win.
    await play({
      playedAt: at(3),
      players: [
        { userId: anna.id, teamId: 1, kills: 3, deaths: 1, score: 300 },
        { userId: ben.id, teamId: 1, kills: 2, deaths: 2, score: 200 },
        { userId: cleo.id, teamId: 2, kills: 0, deaths: 5, score: 10 },
      ],
    });
    // 4: a freeforall Cleo tops: neither wins, a draw.
    await play({
      playedAt: at(4),
      type: 'freeforall',
      teams: [],
      players: [
        { userId: anna.id, kills: 1, deaths: 1, score: 100 },
        { userId: ben.id, kills: 1, deaths: 1, score: 200 },
        { userId: cleo.id, kills: 9, deaths: 0, score: 900 },
      ],
    });
    // 5: a freeforall Anna tops.
    await play({
      playedAt: at(5),
      type: 'freeforall',
      teams: [],
      players: [
        { userId: anna.id, kills: 4, deaths: 1, score: 400 },
        { userId: ben.id, kills: 1, deaths: 4, score: 50 },
      ],
    });
    // Not common: Anna with Cleo only.
    await play({
      playedAt: at(6),
      players: [
        { userId: anna.id, teamId: 1, kills: 4, deaths: 1, score: 400 },
        { userId: cleo.id, teamId: 2, kills: 1, deaths: 4, score: 50 },
      ],
    });
  });
  afterAll(() => t.close());

  it('counts the head-to-head record on hand-built games, and lists them newest first', async () => {
    await befriend(anna, ben);
    const res = await t.request('GET', `${V1}/${ben.id}/compare`, { token: anna.token });
    expect(res.status).toBe(200);
    const body = friendComparisonSchema.parse(res.body);
    expect(body).toMatchObject({
      friend: { userId: ben.id, userName: 'Ben' },
      gamesTogether: 1,
      togetherWins: 1,
      gamesAgainst: 4,
      myWins: 2,
      friendWins: 1,
      draws: 1,
    });
    expect(body.games.map((g) => g.id)).toEqual(played.slice(0, 5).reverse());
    expect(body.games[2]).toMatchObject({ together: true, iWon: true, friendWon: true });
    expect(body.games[0]).toMatchObject({ together: false, myScore: 400, friendScore: 50 });
  });

  it('compares with friends only, and validates the id', async () => {
    const notFriend = await t.request('GET', `${V1}/${cleo.id}/compare`, { token: anna.token });
    expect(notFriend.status).toBe(403);
    const bad = await t.request('GET', `${V1}/nope/compare`, { token: anna.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('friendId');
    const anonymous = await t.request('GET', `${V1}/${ben.id}/compare`);
    expect(anonymous.status).toBe(401);
  });

  it('removes a friend from the own list only; nothing written for a refused removal', async () => {
    await befriend(cleo, anna);
    await befriend(anna, cleo);
    expect(await friendIds(anna)).toContain(cleo.id);
    const refused = async (path: string, token: string | undefined, status: number) => {
      const before = await t.counts('friendships');
      const res = await t.request('DELETE', path, { token });
      expect(res.status).toBe(status);
      expect(await t.counts('friendships')).toEqual(before);
    };
    await refused(`${V1}/${cleo.id}`, undefined, 401);
    await refused(`${V1}/not-a-uuid`, anna.token, 400);
    await refused(`${V1}/${ben.id}`, cleo.token, 404);

    const res = await t.request('DELETE', `${V1}/${cleo.id}`, { token: anna.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await friendIds(anna)).not.toContain(cleo.id);
    // Cleo added Anna herself: that stays hers.
    expect(await friendIds(cleo)).toContain(anna.id);
    await refused(`${V1}/${cleo.id}`, anna.token, 404);
  });
});
