import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultLeaderboardVisible,
  defaultProfileVisibility,
  HIDDEN_PLAYER_NAME,
  matchSchema,
  PROFILE_FRIENDS_ONLY,
  PROFILE_PRIVATE,
  profileSchema,
  type ProfileVisibility,
} from '@arcadia/contracts';
import { friendships, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/support/app';
import {
  addArcade,
  addDevice,
  addPlayer,
  report,
  reportPlayed,
  type TestPlayer,
} from '../../../test/support/arcade';

/**
 * Visibility (issue 17, docs/privacy.md "Visibility"): who sees a player's profile, games,
 * statistics, trends and name in matches; the defaults at registration; birthdays never shown.
 */
describe('profile visibility', () => {
  let t: TestApp;
  let dataDir: string;
  /** Owner of the profile whose visibility the tests change. */
  let vera: TestPlayer;
  /** On Vera's friend list (Vera added him). */
  let fred: TestPlayer;
  /** Not on Vera's list (he added Vera, which does not count). */
  let sam: TestPlayer;
  let game: string;

  const setVisibility = (player: TestPlayer, profileVisibility: ProfileVisibility) =>
    t.request('PATCH', '/api/v2/user/me', { token: player.token, body: { profileVisibility } });
  const get = (url: string, as?: TestPlayer) => t.request('GET', url, { token: as?.token });
  /** The cached share images of a game (its folder in the cache). */
  const imagesOf = (gameId: string) => {
    try {
      return fs.readdirSync(path.join(dataDir, 'cache', 'match-images', gameId));
    } catch {
      return [];
    }
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-visibility-'));
    const webDist = path.join(dataDir, 'web');
    fs.mkdirSync(webDist);
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html lang="de"><head><meta charset="UTF-8" />' +
        '<title>Arcadia</title></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({ env: { DATA_DIR: dataDir, WEB_DIST: webDist } });
    await addArcade(t, 'neon-city', 'Neon City');
    const device = await addDevice(t, 'neon-city', 'arena-1');
    vera = await addPlayer(t, 'Veraviz');
    fred = await addPlayer(t, 'Fredviz');
    sam = await addPlayer(t, 'Samviz');
    await t.db.update(users).set({ birthday: '1999-04-01' }).where(eq(users.id, vera.id));
    await t.db.insert(friendships).values([
      { userId: vera.id, friendId: fred.id },
      { userId: sam.id, friendId: vera.id },
      { userId: fred.id, friendId: vera.id },
    ]);
    const played = await reportPlayed(
      t,
      device,
      report({
        type: 'freeforall',
        teams: [],
        players: [
          { userId: vera.id, kills: 9, deaths: 1, score: 900 },
          { userId: sam.id, kills: 1, deaths: 9, score: 100 },
          { userId: fred.id, kills: 2, deaths: 5, score: 200 },
        ],
      }),
    );
    expect(played.status).toBe(201);
    game = played.body.id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  describe('settings', () => {
    it('starts as everyone and on the leaderboards; both are saved and answered', async () => {
      const me = await get('/api/v2/user/me', sam);
      expect(me.body).toMatchObject({ profileVisibility: 'everyone', leaderboardVisible: true });
      const res = await t.request('PATCH', '/api/v2/user/me', {
        token: sam.token,
        body: { profileVisibility: 'private', leaderboardVisible: false },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ profileVisibility: 'private', leaderboardVisible: false });
      const again = await get('/api/v2/user/me', sam);
      expect(again.body).toMatchObject({ profileVisibility: 'private', leaderboardVisible: false });
      await t.request('PATCH', '/api/v2/user/me', {
        token: sam.token,
        body: { profileVisibility: 'everyone', leaderboardVisible: true },
      });
    });

    it('refuses bad values with 400 naming the field, and changes nothing', async () => {
      for (const [body, field] of [
        [{ profileVisibility: 'public' }, 'profileVisibility'],
        [{ leaderboardVisible: 'yes' }, 'leaderboardVisible'],
        [{ profileVisibility: null }, 'profileVisibility'],
      ] as const) {
        const res = await t.request('PATCH', '/api/v2/user/me', { token: sam.token, body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.details).toEqual(
          expect.arrayContaining([expect.objectContaining({ path: field })]),
        );
      }
      const me = await get('/api/v2/user/me', sam);
      expect(me.body).toMatchObject({ profileVisibility: 'everyone', leaderboardVisible: true });
    });

    it('refuses without a token', async () => {
      const res = await t.request('PATCH', '/api/v2/user/me', {
        body: { profileVisibility: 'private' },
      });
      expect(res.status).toBe(401);
    });
  });

  describe('defaults at registration', () => {
    const register = async (username: string, birthday?: string) => {
      const token = await t.issuer.mint(`sub-${username}`);
      const res = await t.request('POST', '/api/v2/user/registration', {
        token,
        body: { username, mail: `${username}@example.test`, birthday, agb: true },
      });
      expect(res.status).toBe(201);
      return res.body;
    };
    const yearsAgo = (years: number, days = 0) => {
      const d = new Date();
      d.setUTCFullYear(d.getUTCFullYear() - years);
      d.setUTCDate(d.getUTCDate() + days);
      return d.toISOString().slice(0, 10);
    };

    it('friends-only and off the boards under 16, everyone from 16 and without a birthday', async () => {
      const cases = [
        ['Kid14', yearsAgo(14), 'friends', false],
        ['Kid15', yearsAgo(16, 1), 'friends', false],
        ['Teen16', yearsAgo(16), 'everyone', true],
        ['Adult', yearsAgo(30), 'everyone', true],
        ['NoBirthday', undefined, 'everyone', true],
      ] as const;
      for (const [name, birthday, visibility, listed] of cases) {
        const profile = await register(name, birthday);
        expect([name, profile.profileVisibility, profile.leaderboardVisible]).toEqual([
          name,
          visibility,
          listed,
        ]);
      }
    });

    it('decides by the birthday, a day before the 16th birthday still under 16', () => {
      expect(defaultProfileVisibility('2010-06-15', '2026-06-14')).toBe('friends');
      expect(defaultProfileVisibility('2010-06-15', '2026-06-15')).toBe('everyone');
      expect(defaultProfileVisibility(null, '2026-06-15')).toBe('everyone');
      expect(defaultLeaderboardVisible('2010-06-15', '2026-06-14')).toBe(false);
      expect(defaultLeaderboardVisible('2010-06-15', '2026-06-15')).toBe(true);
      expect(defaultLeaderboardVisible(undefined, '2026-06-15')).toBe(true);
    });
  });

  describe('the profile and what belongs to it', () => {
    const reads = (id: string) => [
      `/api/user/${id}/details`,
      `/api/user/${id}/games`,
      `/api/user/${id}/trends`,
      // The unlock times say when a player played (found by a security review).
      `/api/user/${id}/achievements`,
    ];

    it('everyone: any signed-in player sees it', async () => {
      expect((await setVisibility(vera, 'everyone')).status).toBe(200);
      for (const url of reads(vera.id)) expect((await get(url, sam)).status, url).toBe(200);
      const profile = await get(`/api/user/${vera.id}/details`, sam);
      expect(profileSchema.safeParse(profile.body).success).toBe(true);
    });

    it('friends: 403 profile_friends_only for others; her friends and she herself see it', async () => {
      await setVisibility(vera, 'friends');
      for (const url of reads(vera.id)) {
        const res = await get(url, sam);
        expect(res.status, url).toBe(403);
        expect(res.body.error.code, url).toBe(PROFILE_FRIENDS_ONLY);
        expect(JSON.stringify(res.body)).not.toContain('900');
        expect((await get(url, fred)).status, url).toBe(200);
        expect((await get(url, vera)).status, url).toBe(200);
      }
    });

    it('private: 403 profile_private for everyone but her', async () => {
      await setVisibility(vera, 'private');
      for (const url of reads(vera.id)) {
        for (const viewer of [sam, fred]) {
          const res = await get(url, viewer);
          expect(res.status, url).toBe(403);
          expect(res.body.error.code, url).toBe(PROFILE_PRIVATE);
        }
        expect((await get(url, vera)).status, url).toBe(200);
      }
    });

    it('an unknown player is still 404', async () => {
      const res = await get('/api/user/00000000-0000-4000-8000-000000000000/details', sam);
      expect(res.status).toBe(404);
    });

    it('statistics (GraphQL) of a hidden player: an error with the code, none for her', async () => {
      await setVisibility(vera, 'friends');
      const query = { query: `{ statistics(playerId: "${vera.id}") { name value } }` };
      const refused = await t.request('POST', '/graphql', { body: query, token: sam.token });
      expect(refused.body.data?.statistics ?? null).toBeNull();
      expect(refused.body.errors[0].extensions.code).toBe(PROFILE_FRIENDS_ONLY);
      const anonymous = await t.request('POST', '/graphql', { body: query });
      expect(anonymous.body.errors[0].extensions.code).toBe(PROFILE_FRIENDS_ONLY);
      const friend = await t.request('POST', '/graphql', { body: query, token: fred.token });
      expect(friend.body.data.statistics.length).toBeGreaterThan(0);
    });

    it('the friend comparison only with a friend whose profile is shown', async () => {
      // Sam added Vera; she did not add him: friends-only keeps him out.
      await setVisibility(vera, 'friends');
      const refused = await get(`/api/user/me/friends/${vera.id}/compare`, sam);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe(PROFILE_FRIENDS_ONLY);
      expect((await get(`/api/user/me/friends/${vera.id}/compare`, fred)).status).toBe(200);
      await setVisibility(vera, 'private');
      const hidden = await get(`/api/user/me/friends/${vera.id}/compare`, fred);
      expect(hidden.body.error.code).toBe(PROFILE_PRIVATE);
      await setVisibility(vera, 'everyone');
      expect((await get(`/api/user/me/friends/${vera.id}/compare`, sam)).status).toBe(200);
    });
  });

  describe('search', () => {
    const found = async (viewer: TestPlayer) =>
      ((await get('/api/user?searchterm=veraviz', viewer)).body.data as { id: string }[]).map(
        (u) => u.id,
      );

    it('finds a private player only for herself, a friends-only one for her friends', async () => {
      await setVisibility(vera, 'everyone');
      expect(await found(sam)).toEqual([vera.id]);
      await setVisibility(vera, 'friends');
      expect(await found(sam)).toEqual([]);
      expect(await found(fred)).toEqual([vera.id]);
      expect(await found(vera)).toEqual([vera.id]);
      await setVisibility(vera, 'private');
      expect(await found(fred)).toEqual([]);
      expect(await found(vera)).toEqual([vera.id]);
    });
  });

  describe('matches', () => {
    const veraSeat = (match: { players: { score: number }[] }) =>
      match.players.find((p) => p.score === 900);

    it('a hidden player is Spieler without an id for others; herself by name', async () => {
      await setVisibility(vera, 'friends');
      const other = await get(`/api/matches/${game}`, sam);
      expect(matchSchema.safeParse(other.body).success).toBe(true);
      expect(veraSeat(other.body)).toMatchObject({
        id: null,
        name: HIDDEN_PLAYER_NAME,
        kind: 'hidden',
      });
      expect(JSON.stringify(other.body)).not.toContain('Veraviz');
      const anonymous = await get(`/api/matches/${game}`);
      expect(veraSeat(anonymous.body)).toMatchObject({ id: null, kind: 'hidden' });
      const friend = await get(`/api/matches/${game}`, fred);
      expect(veraSeat(friend.body)).toMatchObject({ id: vera.id, name: 'Veraviz', kind: 'player' });
      const own = await get(`/api/matches/${game}`, vera);
      expect(veraSeat(own.body)).toMatchObject({ id: vera.id, name: 'Veraviz', kind: 'player' });
      await setVisibility(vera, 'private');
      const friendNow = await get(`/api/matches/${game}`, fred);
      expect(veraSeat(friendNow.body)).toMatchObject({ id: null, kind: 'hidden' });
    });

    it('in other players’ match histories a hidden player is Spieler without an id', async () => {
      await setVisibility(vera, 'private');
      for (const url of [`/api/user/${sam.id}/details`, `/api/user/${sam.id}/games`]) {
        const res = await get(url, sam);
        expect(res.status).toBe(200);
        const games = res.body.matchHistory ?? res.body.games;
        const seat = games[0].players.find((p: { score: number }) => p.score === 900);
        expect(seat, url).toMatchObject({ id: null, name: HIDDEN_PLAYER_NAME, hidden: true });
        expect(JSON.stringify(res.body)).not.toContain('Veraviz');
      }
      // Her own history names her.
      const own = await get(`/api/v2/user/me`, vera);
      expect(JSON.stringify(own.body.matchHistory)).toContain('Veraviz');
    });

    it('the share image and link preview show the anonymous view; a change drops the old image', async () => {
      await setVisibility(vera, 'everyone');
      const named = await fetch(`${t.url}/api/matches/${game}/image.png`);
      expect(named.status).toBe(200);
      const namedTag = named.headers.get('etag');
      expect(imagesOf(game)).toHaveLength(1);
      expect(await (await fetch(`${t.url}/game/${game}`)).text()).toContain('Veraviz');

      await setVisibility(vera, 'friends');
      // The image naming her left the disk with the change, before anyone asked again.
      expect(imagesOf(game)).toHaveLength(0);
      const hidden = await fetch(`${t.url}/api/matches/${game}/image.png`, {
        headers: { authorization: `Bearer ${vera.token}` },
      });
      expect(hidden.status).toBe(200);
      expect(hidden.headers.get('x-image-cache')).toBe('miss');
      expect(hidden.headers.get('etag')).not.toBe(namedTag);
      const html = await (await fetch(`${t.url}/game/${game}`)).text();
      expect(html).toContain('Spieler gewinnt mit 900 Punkten');
      expect(html).not.toContain('Veraviz');
    });
  });

  describe('birthdays', () => {
    it('are in no answer about a player but the player’s own', async () => {
      await setVisibility(vera, 'everyone');
      const answers = await Promise.all([
        get(`/api/user/${vera.id}/details`, sam),
        get(`/api/user/${vera.id}`, sam),
        get(`/api/user/${vera.id}/games`, sam),
        get(`/api/user/${vera.id}/trends`, sam),
        get('/api/user?searchterm=veraviz', sam),
        get(`/api/matches/${game}`, sam),
        get(`/api/user/me/friends/${vera.id}/compare`, fred),
        get(`/api/user/me/friends`, fred),
        get(`/api/user/${sam.id}/details`, sam),
      ]);
      for (const res of answers) {
        expect(res.status).toBe(200);
        const text = JSON.stringify(res.body);
        expect(text).not.toContain('1999-04-01');
        expect(text).not.toMatch(/birthday/i);
      }
      const own = await get('/api/v2/user/me', vera);
      expect(own.body.birthday).toBe('1999-04-01');
    });
  });

  describe('the data export', () => {
    it('carries both settings in the profile and the readable summary', async () => {
      await t.request('PATCH', '/api/v2/user/me', {
        token: vera.token,
        body: { profileVisibility: 'friends', leaderboardVisible: false },
      });
      const res = await get('/api/me/export', vera);
      expect(res.status).toBe(200);
      expect(res.body.profile).toMatchObject({
        profileVisibility: 'friends',
        leaderboardVisible: false,
      });
      const summary = await get('/api/me/export?format=html&lang=de', vera);
      expect(summary.body).toContain('In Ranglisten erscheinen');
      expect(summary.body).toContain('Freunde');
    });
  });
});
