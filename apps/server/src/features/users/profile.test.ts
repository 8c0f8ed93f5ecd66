import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGB_VERSION, emptyStatistics, profileSchema } from '@arcadia/contracts';
import { gamePlayers, games, gameTeams, maps, playerStats, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/support/app';

interface Player {
  id: string;
  token: string;
}

describe('profiles: GET /api/v2/user/me, /api/user/{id}/details, /api/user/{id}', () => {
  let t: TestApp;
  let neo: Player;
  let trinity: Player;

  const register = async (sub: string, username: string): Promise<Player> => {
    const token = await t.issuer.mint(sub);
    const res = await t.request('POST', '/api/v2/user/registration', {
      token,
      body: {
        username,
        mail: `${sub}@example.com`,
        birthday: '1990-05-17',
        instagram: `${sub}.insta`,
        agb: true,
        marketingConsent: true,
      },
    });
    expect(res.status).toBe(201);
    return { id: res.body.id, token };
  };

  beforeAll(async () => {
    t = await createTestApp();
    neo = await register('sub-neo', 'Neo');
    trinity = await register('sub-trinity', 'Trinity');
  });
  afterAll(() => t.close());

  describe('GET /api/v2/user/me', () => {
    it('answers 404 not_registered for a signed-in identity without a profile', async () => {
      const res = await t.request('GET', '/api/v2/user/me', {
        token: await t.issuer.mint('sub-nobody'),
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        error: { code: 'not_registered', message: expect.stringMatching(/registered/) },
      });
    });

    it('answers the own profile with its personal fields', async () => {
      const res = await t.request('GET', '/api/v2/user/me', { token: neo.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: neo.id,
        userName: 'Neo',
        name: 'Neo',
        earlyAdopter: true,
        matchHistory: [],
        userStatistics: emptyStatistics,
        mail: 'sub-neo@example.com',
        birthday: '1990-05-17',
        instagram: 'sub-neo.insta',
        // Asked for at registration: pending until the mail's link is followed (double opt-in).
        marketingConsent: false,
        marketingPending: true,
        marketingAwaitsParent: null,
        // Not the verified account e-mail, and no link to it followed yet.
        mailVerified: false,
        language: 'de',
        agbVersion: AGB_VERSION,
        role: 'player',
        profileVisibility: 'everyone',
        leaderboardVisible: true,
      });
    });

    it('answers each identity with its own profile', async () => {
      const res = await t.request('GET', '/api/v2/user/me', { token: trinity.token });
      expect(res.body.id).toBe(trinity.id);
      expect(res.body.userName).toBe('Trinity');
    });
  });

  describe('GET /api/user/{id}/details', () => {
    it("answers another player's profile without any personal field", async () => {
      const res = await t.request('GET', `/api/user/${trinity.id}/details`, { token: neo.token });
      expect(res.status).toBe(200);
      // The details answer is JSON text built by the database (see publicProfileJson): it must
      // be exactly the contract, no field missing, mistyped or extra at any depth.
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(profileSchema.parse(res.body)).toEqual(res.body);
      expect(res.body).toEqual({
        id: trinity.id,
        userName: 'Trinity',
        name: 'Trinity',
        earlyAdopter: true,
        matchHistory: [],
        userStatistics: emptyStatistics,
      });
      const text = JSON.stringify(res.body);
      expect(text).not.toContain('example.com');
      expect(text).not.toContain('1990-05-17');
      expect(text).not.toContain('insta');
    });

    it('carries the match history and statistics in the shapes of spec §3', async () => {
      await t.db.insert(maps).values({ id: 'ruins', name: 'Ruins', iconPath: '/maps/ruins.svg' });
      const [game] = await t.db
        .insert(games)
        .values({
          arcadeId: 'arena-1',
          deviceId: 'dev-1',
          type: 'elimination',
          mapId: 'ruins',
          playedAt: new Date('2025-03-01T18:00:00Z'),
          durationSeconds: 600,
          idempotencyKey: 'profile-test-1',
        })
        .returning();
      await t.db.insert(gameTeams).values([
        { gameId: game!.id, teamId: 1, name: 'Red', score: 30 },
        { gameId: game!.id, teamId: 2, name: 'Blue', score: 12 },
      ]);
      await t.db.insert(gamePlayers).values([
        {
          gameId: game!.id,
          userId: trinity.id,
          name: 'Trinity',
          teamId: 1,
          kills: 9,
          deaths: 3,
          score: 30,
          won: true,
          playedAt: game!.playedAt,
        },
        {
          gameId: game!.id,
          userId: neo.id,
          name: 'Neo',
          teamId: 2,
          kills: 3,
          deaths: 9,
          score: 12,
          won: false,
          playedAt: game!.playedAt,
        },
        {
          gameId: game!.id,
          userId: null,
          name: 'Guest 7',
          teamId: 2,
          kills: 0,
          deaths: 1,
          score: 0,
          won: false,
          playedAt: game!.playedAt,
        },
      ]);
      await t.db.insert(playerStats).values({
        userId: trinity.id,
        applicationId: 'commando',
        gamesPlayed: 4,
        gamesWon: 3,
        gamesLost: 1,
        kills: 20,
        deaths: 8,
        scoreTotal: 100,
        bestScore: 30,
      });

      const res = await t.request('GET', `/api/user/${trinity.id}/details`, { token: neo.token });
      expect(res.status).toBe(200);
      expect(res.body.userStatistics).toEqual({
        gamesPlayed: 4,
        gamesWon: 3,
        gamesLost: 1,
        winrate: 75,
        overallKills: 20,
        overallDeaths: 8,
        kda: 2.5,
      });
      expect(res.body.matchHistory).toHaveLength(1);
      expect(res.body.matchHistory[0]).toMatchObject({
        type: 'elimination',
        map: { iconPath: '/maps/ruins.svg' },
        userHasWon: true,
        score: 30,
        kills: 9,
        deaths: 3,
        playedAt: '2025-03-01T18:00:00.000Z',
        players: [
          { id: trinity.id, name: 'Trinity', kills: 9, deaths: 3, score: 30, teamId: 1 },
          { id: neo.id, name: 'Neo', kills: 3, deaths: 9, score: 12, teamId: 2 },
          { id: null, name: 'Guest 7', kills: 0, deaths: 1, score: 0, teamId: 2 },
        ],
        teamNames: [
          { id: 1, name: 'Red', score: 30 },
          { id: 2, name: 'Blue', score: 12 },
        ],
      });

      // The same game seen from the other side: the loser's view of it.
      const own = await t.request('GET', '/api/v2/user/me', { token: neo.token });
      expect(own.body.matchHistory[0]).toMatchObject({
        userHasWon: false,
        score: 12,
        kills: 3,
        deaths: 9,
      });
    });

    it('answers 404 for an unknown id and 400 naming id for a malformed one', async () => {
      const unknown = await t.request('GET', `/api/user/${crypto.randomUUID()}/details`, {
        token: neo.token,
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('not_found');

      const malformed = await t.request('GET', '/api/user/not-a-uuid/details', {
        token: neo.token,
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.details).toEqual([{ path: 'id', message: expect.any(String) }]);
    });
  });

  describe('GET /api/user/{id}', () => {
    it('answers the user a scanned card points at, without personal fields', async () => {
      const res = await t.request('GET', `/api/user/${trinity.id}`, { token: neo.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: trinity.id,
        userName: 'Trinity',
        name: 'Trinity',
        earlyAdopter: true,
        claimed: true,
      });
    });

    it('says an unclaimed card profile is not claimed', async () => {
      const [card] = await t.db
        .insert(users)
        .values({ userName: 'CardOnly', mail: 'card@example.com' })
        .returning();
      const res = await t.request('GET', `/api/user/${card!.id}`, { token: neo.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: card!.id,
        userName: 'CardOnly',
        name: 'CardOnly',
        earlyAdopter: false,
        claimed: false,
      });
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const unknown = await t.request('GET', `/api/user/${crypto.randomUUID()}`, {
        token: neo.token,
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('not_found');
      const malformed = await t.request('GET', '/api/user/12345', { token: neo.token });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.details[0].path).toBe('id');
    });
  });
});
