import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGB_VERSION, DATA_EXPORT_FORMAT, DATA_EXPORT_LIMIT } from '@arcadia/contracts';
import {
  accounts,
  friendships,
  pushSubscriptions,
  userCardBatchCards,
  userCardBatches,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { testDbKind } from '../../../test/support/database';
import {
  addArcade,
  addDevice,
  addPlayer,
  report,
  reportPlayed,
  type TestDevice,
  type TestPlayer,
} from '../../../test/support/arcade';

/** GET /api/me/export: the player's own data, all of it, as a download (issue 17). */
describe('GET /api/me/export', () => {
  let t: TestApp;
  let device: TestDevice;
  let anna: TestPlayer;
  let ben: TestPlayer;
  let cleo: TestPlayer;
  let annaGame: string;
  let otherGame: string;

  beforeAll(async () => {
    t = await createTestApp();
    await addArcade(t, 'neon-city', 'Neon City');
    device = await addDevice(t, 'neon-city', 'arena-1');
    // Anna has an account at the embedded provider (its id is her sign-in subject).
    const accountId = randomUUID();
    await t.db.insert(accounts).values({
      id: accountId,
      email: 'anna.account@example.org',
      passwordHash: 'not-a-real-hash',
      nickname: 'Anna A.',
      language: 'en',
    });
    const token = await t.issuer.mint(accountId);
    const registered = await t.request('POST', '/api/v2/user/registration', {
      token,
      body: {
        username: 'anna',
        mail: 'anna@example.org',
        birthday: '1999-04-01',
        instagram: 'anna.plays',
        agb: true,
        marketingConsent: true,
      },
    });
    expect(registered.status).toBe(201);
    anna = { id: registered.body.id, sub: accountId, userName: 'anna', token };
    ben = await addPlayer(t, 'ben');
    cleo = await addPlayer(t, 'cleo');

    // Friends: anna and ben added each other; cleo added anna (not added back: a request).
    await t.db.insert(friendships).values([
      { userId: anna.id, friendId: ben.id },
      { userId: ben.id, friendId: anna.id },
      { userId: cleo.id, friendId: anna.id },
      { userId: ben.id, friendId: cleo.id },
    ]);
    // A game of anna and ben, and one of ben and cleo without anna.
    const first = await reportPlayed(
      t,
      device,
      report({
        players: [
          { userId: anna.id, teamId: 1, kills: 7, deaths: 2, score: 700 },
          { userId: ben.id, teamId: 2, kills: 2, deaths: 7, score: 200 },
        ],
      }),
    );
    expect(first.status).toBe(201);
    annaGame = first.body.id;
    const second = await reportPlayed(
      t,
      device,
      report({
        players: [
          { userId: ben.id, teamId: 1, kills: 5, deaths: 5, score: 500 },
          { userId: cleo.id, teamId: 2, kills: 4, deaths: 6, score: 400 },
        ],
      }),
    );
    expect(second.status).toBe(201);
    otherGame = second.body.id;
    // Visits: anna met ben at Neon City; ben met cleo.
    expect(
      (
        await t.request('POST', '/api/visits', {
          token: anna.token,
          body: { userId: ben.id, arcadeId: 'neon-city' },
        })
      ).status,
    ).toBe(201);
    expect(
      (await t.request('POST', '/api/visits', { token: ben.token, body: { userId: cleo.id } }))
        .status,
    ).toBe(201);
    await t.db.insert(pushSubscriptions).values([
      {
        userId: anna.id,
        endpoint: 'https://push.anna.example/send/secret-path-anna',
        p256dh: 'anna-p256dh-key',
        auth: 'anna-auth-secret',
      },
      {
        userId: ben.id,
        endpoint: 'https://push.ben.example/send/secret-path-ben',
        p256dh: 'ben-key',
        auth: 'ben-auth',
      },
    ]);
    const [batch] = await t.db
      .insert(userCardBatches)
      .values({ arcadeId: 'neon-city', label: 'Opening night', size: 1 })
      .returning();
    await t.db.insert(userCardBatchCards).values({
      batchId: batch!.id,
      position: 1,
      userId: anna.id,
      claimedAt: new Date('2026-01-02T03:04:05Z'),
    });
  });
  afterAll(() => t.close());

  const exportOf = (player: TestPlayer, query = '') =>
    t.request('GET', `/api/me/export${query}`, { token: player.token });

  it('answers 401 to a signed-out caller and builds nothing', async () => {
    const res = await t.request('GET', '/api/me/export');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('answers 400 with the field for a bad format', async () => {
    const res = await exportOf(cleo, '?format=xml');
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'format' })]);
  });

  it('is a JSON download of the player’s profile, account, consents, friends, games, visits, cards and push', async () => {
    const res = await exportOf(anna);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="arcadia-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const doc = res.body;
    expect(doc.format).toBe(DATA_EXPORT_FORMAT);
    expect(doc.signIn).toEqual({ subject: anna.sub });
    expect(doc.profile).toMatchObject({
      id: anna.id,
      userName: 'anna',
      mail: 'anna@example.org',
      birthday: '1999-04-01',
      instagram: 'anna.plays',
      role: 'player',
    });
    // Registration only asked for marketing mail (double opt-in): recorded, not consented.
    expect(doc.consents.marketingMails).toBe(false);
    expect(doc.consents.marketingEvents).toEqual([
      expect.objectContaining({ action: 'requested', source: 'registration' }),
    ]);
    expect(Date.parse(doc.consents.termsAcceptedAt)).toBeGreaterThan(Date.now() - 600_000);
    expect(doc.consents.termsVersion).toBe(AGB_VERSION);
    expect(doc.account).toMatchObject({
      email: 'anna.account@example.org',
      nickname: 'Anna A.',
      emailVerified: false,
      language: 'en',
    });
    expect(doc.account).not.toHaveProperty('passwordHash');
    expect(doc.friends.added).toEqual([
      expect.objectContaining({ userId: ben.id, userName: 'ben', mutual: true }),
    ]);
    expect(doc.friends.addedYou.map((f: { userName: string }) => f.userName).sort()).toEqual([
      'ben',
      'cleo',
    ]);
    expect(
      doc.friends.addedYou.find((f: { userName: string }) => f.userName === 'cleo').mutual,
    ).toBe(false);
    expect(doc.games).toEqual([
      expect.objectContaining({
        gameId: annaGame,
        arcadeId: 'neon-city',
        deviceId: 'arena-1',
        mode: 'elimination',
        map: 'neon-docks',
        kills: 7,
        deaths: 2,
        score: 700,
        won: true,
        teamName: 'Rot',
      }),
    ]);
    expect(doc.statistics.totals).toEqual([
      expect.objectContaining({
        application: 'commando',
        gamesPlayed: 1,
        kills: 7,
        scoreTotal: 700,
      }),
    ]);
    expect(doc.statistics.periods.length).toBeGreaterThan(0);
    // the skill rating (docs/rating.md): the mode's rating and the game's change
    expect(doc.statistics.ratings).toEqual([
      expect.objectContaining({ application: 'commando', mode: 'elimination', ratedGames: 1 }),
    ]);
    expect(doc.games[0].ratingAfter).toBe(doc.statistics.ratings[0].rating);
    expect(doc.games[0].ratingBefore).toEqual(expect.any(Number));
    // the achievements (docs/achievements.md) the game unlocked, and what the rules know
    expect(doc.statistics.achievements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ achievement: 'first-game', gameId: annaGame }),
        expect.objectContaining({ achievement: 'first-win', gameId: annaGame }),
      ]),
    );
    expect(doc.statistics.achievementFacts.facts).toMatchObject({ games: 1, wins: 1 });
    expect(doc.visits).toEqual([
      expect.objectContaining({
        kind: 'met',
        visitorId: anna.id,
        metUserName: 'ben',
        arcadeName: 'Neon City',
        recordedByYou: true,
      }),
    ]);
    expect(doc.userCard).toMatchObject({
      position: 1,
      arcadeId: 'neon-city',
      unusedCardSecret: false,
    });
    expect(doc.userCard.claimedAt).toMatch(/^2026-01-02T03:04:05/);
    expect(doc.pushSubscriptions).toEqual([
      { endpointHost: 'push.anna.example', createdAt: expect.any(String) },
    ]);
    // The stored game notified anna (the bell's list).
    expect(doc.notifications.items.length).toBeGreaterThan(0);
    expect(doc.operator).toEqual({
      arcades: [],
      cardBatchesCreated: [],
      actions: [],
      changesToYou: [],
    });
  });

  it('holds nothing of another player beyond what concerns the caller, and no credential', async () => {
    const text = JSON.stringify((await exportOf(anna)).body);
    expect(text).not.toContain(otherGame);
    expect(text).not.toContain('push.ben.example');
    expect(text).not.toContain('ben@example.test');
    expect(text).not.toContain('cleo@example.test');
    expect(text).not.toContain('secret-path-anna');
    expect(text).not.toContain('anna-p256dh-key');
    expect(text).not.toContain('anna-auth-secret');
    expect(text).not.toContain('not-a-real-hash');
    // ben's own export has his two games and his visit of cleo, nothing of anna's account.
    const bens = (await exportOf(ben)).body;
    expect(bens.profile.id).toBe(ben.id);
    expect(bens.games.map((g: { gameId: string }) => g.gameId).sort()).toEqual(
      [annaGame, otherGame].sort(),
    );
    expect(bens.account).toBeNull();
    expect(JSON.stringify(bens)).not.toContain('anna.account@example.org');
    expect(JSON.stringify(bens)).not.toContain('anna@example.org');
  });

  it('gives the readable summary as an HTML download in the asked language', async () => {
    const res = await exportOf(anna, '?format=html&lang=de');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-disposition')).toMatch(/filename="arcadia-data-.*\.html"/);
    expect(res.body).toContain('<html lang="de">');
    expect(res.body).toContain('Deine Daten bei Arcadia');
    expect(res.body).toContain('anna.account@example.org');
    expect(res.body).toContain('Neon City');
    expect(res.body).not.toContain('<script');
    expect(res.body).not.toContain('Invalid Date');
    expect(res.body).toContain('<td>Spieler</td>');
    // Her skill rating and the achievements her game unlocked, by their German names.
    expect(res.body).toContain('<h2>Spielstärke</h2>');
    expect(res.body).toContain('<h2>Erfolge</h2>');
    expect(res.body).toContain('<td>Erstes Spiel</td>');
    // The catalogue's names and the app's date style, not the file's ids.
    expect(res.body).toContain('<td>Eliminierung</td>');
    expect(res.body).toContain('<td>Commando</td>');
    expect(res.body).not.toMatch(/<td>(elimination|neon-docks|commando)<\/td>/);
    expect(res.body).toMatch(/<td>\d\d\.\d\d\.\d{4}, \d\d:\d\d UTC<\/td>/);
    const english = await exportOf(anna, '?format=html&lang=en');
    expect(english.body).toContain('<td>Elimination</td>');
    expect(english.body).toMatch(/<td>[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M UTC<\/td>/);
    // Without lang: the profile's language.
    const en = await exportOf(ben, '?format=html');
    expect(en.body).toContain('<html lang="de">');
  });

  it('works for a signed-in player without a profile: the account only', async () => {
    const res = await t.request('GET', '/api/me/export', {
      token: await t.issuer.mint('sub-unregistered'),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ profile: null, consents: null, account: null, games: [] });
  });

  it(`allows ${DATA_EXPORT_LIMIT.max} exports per hour and player, then 429 with Retry-After`, async () => {
    const dora = await addPlayer(t, 'dora');
    for (let i = 0; i < DATA_EXPORT_LIMIT.max; i++) expect((await exportOf(dora)).status).toBe(200);
    const limited = await exportOf(dora, '?format=html');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(DATA_EXPORT_LIMIT.windowMinutes * 60);
    // Another player is not limited by dora's exports.
    expect((await exportOf(cleo)).status).toBe(200);
  });

  it('builds the export of a player with 5,000 games', async () => {
    const eve = await addPlayer(t, 'eve');
    await t.db.execute(sql`
      with g as (
        insert into games (arcade_id, device_id, type, map_id, played_at, duration_seconds, idempotency_key)
        select 'neon-city', 'arena-1', 'deathmatch', 'skyline',
               now() - make_interval(mins => i), 300, 'bulk-' || i
        from generate_series(1, 5000) i
        returning id, played_at)
      insert into game_players (game_id, user_id, name, kills, deaths, score, won, played_at)
      select g.id, ${eve.id}::uuid, 'eve', 3, 2, 100, true, g.played_at from g`);
    const started = performance.now();
    const res = await exportOf(eve);
    const ms = Math.round(performance.now() - started);
    expect(res.status).toBe(200);
    expect(res.body.games).toHaveLength(5000);
    const html = await exportOf(eve, '?format=html');
    expect(html.status).toBe(200);
    expect(html.body).toContain('5000');
    console.info(`[${testDbKind}] export of 5,000 games: ${ms} ms`);
  });
});
