import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchHistoryPageSchema } from '@arcadia/contracts';
import { createTestApp, type TestApp } from '../../../test/support/app';
import {
  addArcade,
  addDevice,
  addPlayer,
  reportPlayed,
  report,
  type TestPlayer,
} from '../../../test/support/arcade';

describe('games API', () => {
  let t: TestApp;
  let anna: TestPlayer;
  let ben: TestPlayer;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await addArcade(t, 'neon-city');
    const device = await addDevice(t, 'neon-city', 'arena-1');
    anna = await addPlayer(t, 'Anna');
    ben = await addPlayer(t, 'Ben');
    // 23 games, one a day, oldest first; every third an elimination Anna's team wins with 900.
    for (let i = 0; i < 23; i++) {
      const playedAt = new Date(Date.now() - (23 - i) * 86_400_000).toISOString();
      const body =
        i % 3 === 0
          ? report({
              type: 'elimination',
              mapId: 'skyline',
              playedAt,
              players: [
                { userId: anna.id, teamId: 1, kills: 9, deaths: 1, score: 900 },
                { userId: ben.id, teamId: 2, kills: 1, deaths: 9, score: 100 },
              ],
            })
          : report({
              type: 'freeforall',
              teams: [],
              playedAt,
              players: [
                { userId: anna.id, kills: i, deaths: 2, score: 10 * i },
                { guestName: 'Gast', kills: 3, deaths: 3, score: 200 },
              ],
            });
      const res = await reportPlayed(t, device, body);
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
  });
  afterAll(() => t.close());

  it('pages the match history newest first', async () => {
    const first = await t.request('GET', `/api/user/${anna.id}/games`, { token: ben.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: 20, hasMore: true });
    expect(first.body.games.map((g: { id: string }) => g.id)).toEqual(ids.slice(3).reverse());
    const second = await t.request('GET', `/api/user/${anna.id}/games?page=2`, {
      token: ben.token,
    });
    expect(second.body).toMatchObject({ page: 2, hasMore: false });
    expect(second.body.games.map((g: { id: string }) => g.id)).toEqual(ids.slice(0, 3).reverse());
    const game = second.body.games.at(-1);
    expect(game).toMatchObject({
      type: 'elimination',
      userHasWon: true,
      score: 900,
      map: { id: 'skyline', iconPath: '/assets/maps/skyline.svg' },
      teamNames: [
        { id: 1, name: 'Rot', score: 3 },
        { id: 2, name: 'Blau', score: 1 },
      ],
    });
    expect(game.players).toHaveLength(2);
  });

  it('needs a token and a known user', async () => {
    expect((await t.request('GET', `/api/user/${anna.id}/games`)).status).toBe(401);
    const unknown = await t.request('GET', '/api/user/00000000-0000-4000-8000-000000000000/games', {
      token: ben.token,
    });
    expect(unknown.status).toBe(404);
    const badPage = await t.request('GET', `/api/user/${anna.id}/games?page=0`, {
      token: ben.token,
    });
    expect(badPage.status).toBe(400);
  });

  it('names each game’s mode as the overview does (the catalogue), also after a rename', async () => {
    const modeNames = async () => {
      const overview = await t.request('GET', '/api/games/commando');
      return Object.fromEntries(
        overview.body.modes.map((m: { type: string; name: unknown }) => [m.type, m.name]),
      );
    };
    const history = async () => {
      const res = await t.request('GET', `/api/user/${anna.id}/games`, { token: ben.token });
      return matchHistoryPageSchema.parse(res.body).games;
    };
    const names = await modeNames();
    expect(names.elimination).toEqual({ de: 'Eliminierung', en: 'Elimination' });
    for (const game of await history()) expect(game.modeName).toEqual(names[game.type]);

    await t.db.execute(
      sql`update game_modes set name_de = 'Ausschalten' where application_id = 'commando' and id = 'elimination'`,
    );
    const renamed = await modeNames();
    expect(renamed.elimination).toEqual({ de: 'Ausschalten', en: 'Elimination' });
    const elimination = (await history()).find((g) => g.type === 'elimination');
    expect(elimination?.modeName).toEqual(renamed.elimination);
    await t.db.execute(
      sql`update game_modes set name_de = 'Eliminierung' where application_id = 'commando' and id = 'elimination'`,
    );
  });

  it('explains the game, its modes and maps without a token', async () => {
    const res = await t.request('GET', '/api/games/commando');
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Commando');
    expect(res.body.modes.map((m: { type: string }) => m.type)).toEqual([
      'freeforall',
      'elimination',
      'deathmatch',
    ]);
    for (const mode of res.body.modes) {
      expect(mode.name.de).toBeTruthy();
      expect(mode.description.en).toBeTruthy();
    }
    expect(res.body.maps).toEqual([
      { id: 'neon-docks', name: 'Neon Docks', iconPath: '/assets/maps/neon-docks.svg' },
      { id: 'skyline', name: 'Skyline', iconPath: '/assets/maps/skyline.svg' },
    ]);
    expect(res.body.best).toBeNull();
    expect((await t.request('GET', '/api/games/pacman')).status).toBe(404);
  });

  it('adds the signed-in player’s best results per mode', async () => {
    const res = await t.request('GET', '/api/games/commando', { token: anna.token });
    const best = Object.fromEntries(res.body.best.map((b: { type: string }) => [b.type, b]));
    // Freeforall: games i = 1, 2, 4, 5, ..., 22 (15 games); best score 220 (i = 22), 22 kills;
    // Anna wins with 10 * i >= 200 against the guest's 200: i = 20 (a shared win) and i = 22.
    expect(best.freeforall).toMatchObject({ gamesPlayed: 15, bestScore: 220, mostKills: 22 });
    expect(best.freeforall.gamesWon).toBe(2);
    expect(best.freeforall.bestGameId).toBe(ids[22]);
    expect(best.elimination).toMatchObject({
      gamesPlayed: 8,
      gamesWon: 8,
      bestScore: 900,
      mostKills: 9,
      kd: 9,
    });
    expect(best.deathmatch).toMatchObject({
      gamesPlayed: 0,
      gamesWon: 0,
      bestGameId: null,
      bestPlayedAt: null,
    });
    const unregistered = await t.request('GET', '/api/games/commando', {
      token: await t.issuer.mint('sub-nobody'),
    });
    expect(unregistered.body.best).toBeNull();
  });
});
