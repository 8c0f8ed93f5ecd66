import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  arcades,
  friendships,
  gamePlayers,
  games,
  maps,
  oidcModels,
  playerStats,
  pushSubscriptions,
  users,
  visits,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { DELETED_PLAYER_NAME } from '../games';

interface Player {
  sub: string;
  id: string;
  token: string;
}

const TABLES = ['users', 'friendships', 'push_subscriptions', 'game_players', 'accounts'];

describe('DELETE /api/v2/user/{id}', () => {
  let t: TestApp;
  let neo: Player;
  let trinity: Player;
  let tank: Player;
  let gameId: string;

  const register = async (sub: string, username: string): Promise<Player> => {
    const token = await t.issuer.mint(sub);
    const res = await t.request('POST', '/api/v2/user/registration', {
      token,
      body: {
        username,
        mail: `${username.toLowerCase()}@matrix.example`,
        birthday: '1985-02-03',
        instagram: `${username.toLowerCase()}_ig`,
        agb: true,
        marketingConsent: true,
      },
    });
    expect(res.status).toBe(201);
    return { sub, id: res.body.id, token };
  };

  beforeAll(async () => {
    t = await createTestApp();
    // Neo signs in through the embedded provider: his sub is an account id there.
    neo = await register(randomUUID(), 'Neo');
    trinity = await register('sub-trinity', 'Trinity');
    tank = await register('sub-tank', 'Tank');
    await t.db.insert(accounts).values({
      id: neo.sub,
      email: 'neo@matrix.example',
      passwordHash: 'not-a-real-hash',
      nickname: 'Neo',
    });
    await t.db.insert(oidcModels).values([
      { model: 'Session', id: 'neo-session', payload: { accountId: neo.sub } },
      { model: 'Grant', id: 'neo-grant', payload: { accountId: neo.sub } },
      { model: 'Session', id: 'tank-session', payload: { accountId: tank.sub } },
    ]);
    await t.db.insert(friendships).values([
      { userId: neo.id, friendId: trinity.id },
      { userId: trinity.id, friendId: neo.id },
      { userId: tank.id, friendId: neo.id },
      { userId: trinity.id, friendId: tank.id },
    ]);
    await t.db.insert(pushSubscriptions).values([
      { userId: neo.id, endpoint: 'https://push.example/neo', p256dh: 'k1', auth: 'a1' },
      { userId: trinity.id, endpoint: 'https://push.example/trinity', p256dh: 'k2', auth: 'a2' },
    ]);
    await t.db.insert(arcades).values({ id: 'zion', name: 'Zion Arcade' });
    await t.db.insert(maps).values({ id: 'dojo', name: 'Dojo', iconPath: '/maps/dojo.svg' });
    const [game] = await t.db
      .insert(games)
      .values({
        arcadeId: 'zion',
        deviceId: 'dev-1',
        type: 'deathmatch',
        mapId: 'dojo',
        playedAt: new Date('2025-01-01T12:00:00Z'),
        durationSeconds: 300,
        idempotencyKey: 'delete-test',
      })
      .returning();
    gameId = game!.id;
    const playedAt = game!.playedAt;
    await t.db.insert(gamePlayers).values([
      { gameId, userId: neo.id, name: 'Neo', kills: 10, deaths: 2, score: 50, won: true, playedAt },
      {
        gameId,
        userId: trinity.id,
        name: 'Trinity',
        kills: 2,
        deaths: 10,
        score: 8,
        won: false,
        playedAt,
      },
    ]);
    // As an ingested game has it: its players stored with it (the history reads those).
    await t.db.execute(
      sql`update games set players_json = arcadia_game_players_json(id) where id = ${gameId}`,
    );
    await t.db.insert(playerStats).values({ userId: neo.id, applicationId: 'commando' });
    await t.db
      .insert(visits)
      .values({ userId: trinity.id, metUserId: tank.id, arcadeId: 'zion', recordedBy: neo.id });
  });
  afterAll(() => t.close());

  /** A rejected delete must leave every table as it was, and Neo's profile readable. */
  async function refused(path: string, token: string | undefined, status: number, code: string) {
    const before = await t.counts(...TABLES);
    const res = await t.request('DELETE', path, { token });
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(await t.counts(...TABLES)).toEqual(before);
    expect((await t.request('GET', '/api/v2/user/me', { token: neo.token })).status).toBe(200);
  }

  it("refuses someone else's id with 403 and deletes nothing", async () => {
    await refused(`/api/v2/user/${neo.id}`, trinity.token, 403, 'forbidden');
    await refused(`/api/v2/user/${trinity.id}`, neo.token, 403, 'forbidden');
    await refused(`/api/v2/user/${randomUUID()}`, neo.token, 403, 'forbidden');
  });

  it('refuses without a token, without the scope, unregistered, or with a malformed id', async () => {
    await refused(`/api/v2/user/${neo.id}`, undefined, 401, 'unauthorized');
    const noScope = await t.issuer.mint(neo.sub, { scopes: ['read:games'] });
    await refused(`/api/v2/user/${neo.id}`, noScope, 403, 'insufficient_scope');
    const stranger = await t.issuer.mint('sub-stranger');
    await refused(`/api/v2/user/${neo.id}`, stranger, 404, 'not_registered');
    await refused('/api/v2/user/not-a-uuid', neo.token, 400, 'validation_failed');
  });

  it('deletes the own profile with every piece of personal data', async () => {
    const res = await t.request('DELETE', `/api/v2/user/${neo.id}`, { token: neo.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    // Name, mail, birthday, instagram: the profile row is gone and nothing holds them.
    expect(await t.db.select().from(users).where(eq(users.id, neo.id))).toEqual([]);
    const traces = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(
        sql`lower(${users.userName}) = 'neo' or ${users.mail} like 'neo@%' or ${users.instagram} = 'neo_ig' or ${users.identitySub} = ${neo.sub}`,
      );
    expect(Number(traces[0]?.n)).toBe(0);

    // Friendships both ways go; the others' friendships stay.
    expect(await t.db.select().from(friendships)).toEqual([
      expect.objectContaining({ userId: trinity.id, friendId: tank.id }),
    ]);
    // Push subscriptions go, the others' stay.
    expect(
      (await t.db.select().from(pushSubscriptions)).map((s) => [s.userId, s.endpoint]),
    ).toEqual([[trinity.id, 'https://push.example/trinity']]);
    // The identity link: the account and its sessions and grants at the embedded provider.
    expect(await t.db.select().from(accounts).where(eq(accounts.id, neo.sub))).toEqual([]);
    expect((await t.db.select().from(oidcModels)).map((m) => m.id)).toEqual(['tank-session']);
    // Own statistics go.
    expect(await t.db.select().from(playerStats).where(eq(playerStats.userId, neo.id))).toEqual([]);
    // A visit Neo recorded stays, without him.
    expect((await t.db.select().from(visits)).map((v) => [v.userId, v.recordedBy])).toEqual([
      [trinity.id, null],
    ]);
  });

  it("keeps other players' match records, with the deleted player anonymised", async () => {
    const rows = await t.db
      .select()
      .from(gamePlayers)
      .where(eq(gamePlayers.gameId, gameId))
      .orderBy(gamePlayers.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      userId: null,
      name: DELETED_PLAYER_NAME,
      kills: 10,
      score: 50,
    });
    expect(rows[1]).toMatchObject({ userId: trinity.id, name: 'Trinity', kills: 2, score: 8 });
    expect(DELETED_PLAYER_NAME).not.toMatch(/neo/i);

    const details = await t.request('GET', `/api/user/${trinity.id}/details`, {
      token: trinity.token,
    });
    expect(details.body.matchHistory).toHaveLength(1);
    expect(details.body.matchHistory[0].players).toEqual([
      expect.objectContaining({ id: null, name: DELETED_PLAYER_NAME, score: 50 }),
      expect.objectContaining({ id: trinity.id, name: 'Trinity', score: 8 }),
    ]);
    expect(JSON.stringify(details.body)).not.toContain('Neo');
    // The players stored with the game were rebuilt too.
    const [stored] = await t.db.select().from(games).where(eq(games.id, gameId));
    expect(JSON.stringify(stored!.playersJson)).not.toContain('Neo');
    expect(stored!.playersJson).toEqual([
      expect.objectContaining({ id: null, name: DELETED_PLAYER_NAME }),
      expect.objectContaining({ id: trinity.id, name: 'Trinity' }),
    ]);
  });

  it('answers /me with 404 afterwards, and search no longer finds the name', async () => {
    const me = await t.request('GET', '/api/v2/user/me', { token: neo.token });
    expect(me.status).toBe(404);
    expect(me.body.error.code).toBe('not_registered');
    const search = await t.request('GET', '/api/user?searchterm=neo', { token: trinity.token });
    expect(search.body).toEqual({ data: [] });
    const gone = await t.request('GET', `/api/user/${neo.id}/details`, { token: trinity.token });
    expect(gone.status).toBe(404);
    const friends = await t.request('GET', '/api/user/me/friends', { token: trinity.token });
    expect(friends.body.friends).toEqual([{ userId: tank.id, userName: 'Tank' }]);
  });

  it('answers a second delete with 404 and frees the name for someone new', async () => {
    const again = await t.request('DELETE', `/api/v2/user/${neo.id}`, { token: neo.token });
    expect(again.status).toBe(404);
    const newcomer = await t.issuer.mint('sub-new-neo');
    const res = await t.request('POST', '/api/v2/user/registration', {
      token: newcomer,
      body: { username: 'neo', mail: 'someone@example.com', agb: true },
    });
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe(neo.id);
    expect(res.body.matchHistory).toEqual([]);
  });
});
