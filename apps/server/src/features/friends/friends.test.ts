import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRIEND_ADD_LIMIT } from '@arcadia/contracts';
import { createTestApp, type TestApp } from '../../../test/support/app';

interface Player {
  id: string;
  token: string;
  name: string;
}

const V1 = '/api/user/me/friends';
const V2 = '/api/v2/user/me/friends';

describe('friends', () => {
  let t: TestApp;
  let neo: Player;
  let trinity: Player;
  let apoc: Player;
  let others: Player[];

  const register = async (username: string): Promise<Player> => {
    const token = await t.issuer.mint(`sub-${username}`);
    const res = await t.request('POST', '/api/v2/user/registration', {
      token,
      body: { username, mail: `${username}@example.com`, agb: true },
    });
    expect(res.status).toBe(201);
    return { id: res.body.id, token, name: username };
  };
  const friendsOf = async (player: Player, path = V1) => {
    const res = await t.request('GET', path, { token: player.token });
    expect(res.status).toBe(200);
    return res.body.friends as Array<{ userId: string; userName: string }>;
  };

  /** A refused add: the status, the error code, and not one row written. */
  async function refused(path: string, token: string, body: unknown, status: number) {
    const before = await t.counts('users', 'friendships');
    const res = await t.request('POST', path, { token, body });
    expect(res.status).toBe(status);
    expect(await t.counts('users', 'friendships')).toEqual(before);
    return res.body.error as { code: string; message: string; details?: unknown };
  }

  beforeAll(async () => {
    t = await createTestApp();
    neo = await register('Neo');
    trinity = await register('trinity');
    apoc = await register('Apoc');
    others = await Promise.all(['Dozer', 'Mouse', 'Switch', 'Cypher'].map(register));
  });
  afterAll(() => t.close());

  it('starts with an empty list under friends, on both clients', async () => {
    expect(await t.request('GET', V1, { token: neo.token })).toMatchObject({
      status: 200,
      body: { friends: [] },
    });
    expect(await friendsOf(neo, V2)).toEqual([]);
  });

  it('adds a friend by friendId (first client)', async () => {
    const res = await t.request('POST', V1, { token: neo.token, body: { friendId: trinity.id } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      friend: { userId: trinity.id, userName: 'trinity' },
    });
    expect(await friendsOf(neo)).toEqual([{ userId: trinity.id, userName: 'trinity' }]);
  });

  it('adds a friend by friendToAddId (second client)', async () => {
    const res = await t.request('POST', V2, { token: neo.token, body: { friendToAddId: apoc.id } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, friend: { userId: apoc.id, userName: 'Apoc' } });
  });

  it('lists friends ordered by name ignoring case, the same on every path', async () => {
    const expected = [
      { userId: apoc.id, userName: 'Apoc' },
      { userId: trinity.id, userName: 'trinity' },
    ];
    for (const path of [
      V1,
      V2,
      `/api/user/${neo.id}/friends`,
      `/api/v2/user/${neo.id}/friends`,
      '/api/v2/user/id/friends',
      '/api/user/me/friends',
    ]) {
      expect(await friendsOf(neo, path), path).toEqual(expected);
    }
  });

  it('is one-directional: being added does not add back', async () => {
    expect(await friendsOf(trinity)).toEqual([]);
    expect(await friendsOf(trinity, '/api/v2/user/id/friends')).toEqual([]);
  });

  it("refuses someone else's friend list with 403", async () => {
    for (const path of [`/api/user/${neo.id}/friends`, `/api/v2/user/${neo.id}/friends`]) {
      const res = await t.request('GET', path, { token: trinity.token });
      expect(res.status, path).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      expect(JSON.stringify(res.body)).not.toContain(apoc.id);
    }
  });

  it('answers 400 naming id for a friend list of a malformed id', async () => {
    const res = await t.request('GET', '/api/user/not-an-id/friends', { token: neo.token });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'id', message: expect.any(String) }]);
  });

  it('refuses adding yourself with 400 naming the field', async () => {
    const v1 = await refused(V1, neo.token, { friendId: neo.id }, 400);
    expect(v1.message).toMatch(/yourself/);
    expect(v1.details).toEqual([{ path: 'friendId', message: expect.any(String) }]);
    const v2 = await refused(V2, neo.token, { friendToAddId: neo.id }, 400);
    expect(v2.details).toEqual([{ path: 'friendToAddId', message: expect.any(String) }]);
    // The own id in capitals is still the own id (ids are compared in one spelling).
    const shouted = await refused(V2, neo.token, { friendToAddId: neo.id.toUpperCase() }, 400);
    expect(shouted.message).toMatch(/yourself/);
  });

  it('refuses an unknown user with 404', async () => {
    const v1 = await refused(V1, neo.token, { friendId: randomUUID() }, 404);
    expect(v1.code).toBe('not_found');
    const v2 = await refused(V2, neo.token, { friendToAddId: randomUUID() }, 404);
    expect(v2.code).toBe('not_found');
  });

  it('refuses an existing friend with 409 and a clear message', async () => {
    const v1 = await refused(V1, neo.token, { friendId: trinity.id }, 409);
    expect(v1).toMatchObject({ code: 'conflict', message: 'trinity is already your friend' });
    const v2 = await refused(V2, neo.token, { friendToAddId: apoc.id }, 409);
    expect(v2.message).toBe('Apoc is already your friend');
  });

  it.each([
    ['a malformed friendId', V1, { friendId: 'nope' }, 'friendId'],
    ['no friendId', V1, {}, 'friendId'],
    ['the v1 field on the v2 path', V2, { friendId: randomUUID() }, 'friendToAddId'],
    ['a number as friendToAddId', V2, { friendToAddId: 7 }, 'friendToAddId'],
  ])('refuses %s with 400 naming the field', async (_, path, body, field) => {
    const error = await refused(path, neo.token, body, 400);
    expect(error.code).toBe('validation_failed');
    expect(error.details).toEqual([{ path: field, message: expect.any(String) }]);
  });

  it('answers 404 not_registered to a signed-in identity without a profile', async () => {
    const token = await t.issuer.mint('sub-unregistered');
    for (const path of [V1, V2, '/api/v2/user/id/friends']) {
      const res = await t.request('GET', path, { token });
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('not_registered');
    }
    const error = await refused(V1, token, { friendId: neo.id }, 404);
    expect(error.code).toBe('not_registered');
  });

  it('never makes two rows when the same friend is added twice at once', async () => {
    for (const other of others) {
      const before = await t.counts('friendships');
      const results = await Promise.all([
        t.request('POST', V1, { token: neo.token, body: { friendId: other.id } }),
        t.request('POST', V2, { token: neo.token, body: { friendToAddId: other.id } }),
        t.request('POST', V1, { token: neo.token, body: { friendId: other.id } }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      expect((await t.counts('friendships')).friendships).toBe(Number(before.friendships) + 1);
    }
    const names = (await friendsOf(neo)).map((f) => f.userName);
    expect(names).toEqual(['Apoc', 'Cypher', 'Dozer', 'Mouse', 'Switch', 'trinity']);
  });

  it('lets a player add at most FRIEND_ADD_LIMIT friends an hour (each is notified), then 429', async () => {
    const spammer = await register('Spammer');
    for (let i = 0; i < FRIEND_ADD_LIMIT.max; i++) {
      const res = await t.request('POST', V1, {
        token: spammer.token,
        body: { friendId: trinity.id },
      });
      expect([201, 409]).toContain(res.status);
    }
    const error = await refused(V2, spammer.token, { friendToAddId: apoc.id }, 429);
    expect(error.code).toBe('rate_limited');
    expect((await friendsOf(spammer)).map((f) => f.userName)).toEqual(['trinity']);
    // Another player's allowance is their own.
    expect(
      (await t.request('POST', V1, { token: apoc.token, body: { friendId: trinity.id } })).status,
    ).toBe(201);
  });
});
