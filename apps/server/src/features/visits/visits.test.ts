import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, visits } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/support/app';
import {
  addArcade,
  addDevice,
  report,
  reportPlayed,
  seat,
  type TestDevice,
} from '../../../test/support/arcade';
import { MEETING_PRESENCE_HOURS } from './service';

describe('visits', () => {
  let t: TestApp;
  let anna: { id: string; token: string };
  let ben: { id: string; token: string };
  let cleo: { id: string };
  let neonArena: TestDevice;
  let pixelArena: TestDevice;

  const register = async (username: string) => {
    const token = await t.issuer.mint(`sub-${username}`);
    const res = await t.request('POST', '/api/v2/user/registration', {
      token,
      body: { username, mail: `${username}@example.test`, agb: true },
    });
    expect(res.status).toBe(201);
    return { id: res.body.id as string, token };
  };

  beforeAll(async () => {
    t = await createTestApp();
    anna = await register('anna');
    ben = await register('ben');
    const [card] = await t.db.insert(users).values({ userName: 'cleo' }).returning();
    cleo = { id: card!.id };
    await addArcade(t, 'neon-city', 'Neon City Arcade');
    await addArcade(t, 'pixel-palace', 'Pixel Palace');
    neonArena = await addDevice(t, 'neon-city', 'arena-1');
    pixelArena = await addDevice(t, 'pixel-palace', 'arena-1');
    // anna is on a device at Neon City: her meetings may be placed there.
    await seat(t, neonArena, [anna.id]);
  });
  afterAll(() => t.close());

  it('records who met whom, when, where and who recorded it', async () => {
    const before = Date.now();
    const res = await t.request('POST', '/api/visits', {
      token: anna.token,
      body: { userId: ben.id, arcadeId: 'neon-city' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      userId: ben.id,
      userName: 'ben',
      arcade: { id: 'neon-city', name: 'Neon City Arcade' },
      friend: false,
    });
    const rows = await t.db.select().from(visits).where(eq(visits.userId, anna.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: anna.id,
      metUserId: ben.id,
      arcadeId: 'neon-city',
      recordedBy: anna.id,
    });
    expect(rows[0]!.visitedAt.getTime()).toBeGreaterThanOrEqual(before - 5000);
    expect(new Date(res.body.visitedAt).getTime()).toBe(rows[0]!.visitedAt.getTime());
  });

  it('records a visit without an arcade, and meeting an unclaimed card profile', async () => {
    const res = await t.request('POST', '/api/visits', {
      token: anna.token,
      body: { userId: cleo.id },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ userId: cleo.id, userName: 'cleo', arcade: null });
  });

  it('answers 400 for meeting yourself, and writes nothing', async () => {
    const before = await t.counts('visits');
    const res = await t.request('POST', '/api/visits', {
      token: anna.token,
      body: { userId: anna.id },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'userId', message: 'is your own id' }]);
    const shouted = await t.request('POST', '/api/visits', {
      token: anna.token,
      body: { userId: anna.id.toUpperCase() },
    });
    expect(shouted.status).toBe(400);
    expect(await t.counts('visits')).toEqual(before);
  });

  it('answers 404 for an unknown player, and writes nothing', async () => {
    const before = await t.counts('visits');
    const res = await t.request('POST', '/api/visits', {
      token: anna.token,
      body: { userId: randomUUID() },
    });
    expect(res.status).toBe(404);
    expect(await t.counts('visits')).toEqual(before);
  });

  it('answers 400 for an unknown arcade or a malformed body, and writes nothing', async () => {
    const before = await t.counts('visits');
    const unknownArcade = await t.request('POST', '/api/visits', {
      token: anna.token,
      body: { userId: ben.id, arcadeId: 'nowhere' },
    });
    expect(unknownArcade.status).toBe(400);
    expect(unknownArcade.body.error.details).toEqual([
      { path: 'arcadeId', message: 'is not a known arcade' },
    ]);
    for (const body of [{ userId: 'x' }, {}, { userId: ben.id, arcadeId: '' }]) {
      const res = await t.request('POST', '/api/visits', { token: anna.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect(await t.counts('visits')).toEqual(before);
  });

  it('places a meeting only at an arcade the player is at: on its device, or in a game there lately', async () => {
    const meet = (token: string, arcadeId: string) =>
      t.request('POST', '/api/visits', { token, body: { userId: anna.id, arcadeId } });
    const before = await t.counts('visits');
    // ben is on no device and played nowhere.
    const away = await meet(ben.token, 'neon-city');
    expect(away.status).toBe(400);
    expect(away.body.error.details).toEqual([
      { path: 'arcadeId', message: 'is not an arcade you are playing at' },
    ]);
    expect(await t.counts('visits')).toEqual(before);
    // A game there long ago does not count; one within the last hours does (the device released
    // him after it).
    const played = async () => {
      const res = await reportPlayed(
        t,
        neonArena,
        report({ players: [{ userId: ben.id, teamId: 1, kills: 1, deaths: 1, score: 100 }] }),
      );
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    const longAgo = new Date(Date.now() - (MEETING_PRESENCE_HOURS + 1) * 3_600_000);
    const old = await played();
    await t.db.execute(
      sql`update game_players set played_at = ${longAgo.toISOString()} where game_id = ${old}`,
    );
    expect((await meet(ben.token, 'neon-city')).status).toBe(400);
    await played();
    const there = await meet(ben.token, 'neon-city');
    expect(there.status).toBe(201);
    expect(there.body.arcade).toEqual({ id: 'neon-city', name: 'Neon City Arcade' });
    // Not at the other arcade, though.
    expect((await meet(ben.token, 'pixel-palace')).status).toBe(400);
    await t.db.delete(visits).where(eq(visits.userId, ben.id));
  });

  it('needs a registered player with the read:visits scope', async () => {
    const before = await t.counts('visits');
    const unregistered = await t.request('POST', '/api/visits', {
      token: await t.issuer.mint('sub-nobody'),
      body: { userId: ben.id },
    });
    expect(unregistered.status).toBe(404);
    expect(unregistered.body.error.code).toBe('not_registered');
    const noScope = await t.request('POST', '/api/visits', {
      token: await t.issuer.mint('sub-anna', { scopes: ['read:users'] }),
      body: { userId: ben.id },
    });
    expect(noScope.status).toBe(403);
    const anonymous = await t.request('GET', '/api/visits');
    expect(anonymous.status).toBe(401);
    expect(await t.counts('visits')).toEqual(before);
  });

  it('lists each met player once with the latest meeting, newest first', async () => {
    // anna met ben (neon-city) and cleo above; now ben again, at another arcade.
    await new Promise((r) => setTimeout(r, 10));
    await seat(t, pixelArena, [anna.id]);
    const again = await t.request('POST', '/api/visits', {
      token: anna.token,
      body: { userId: ben.id, arcadeId: 'pixel-palace' },
    });
    expect(again.status).toBe(201);
    const res = await t.request('GET', '/api/visits', { token: anna.token });
    expect(res.status).toBe(200);
    expect(res.body.visits.map((v: { userName: string }) => v.userName)).toEqual(['ben', 'cleo']);
    expect(res.body.visits[0]).toMatchObject({
      userId: ben.id,
      arcade: { id: 'pixel-palace', name: 'Pixel Palace' },
      visitedAt: again.body.visitedAt,
    });
    expect(await t.counts('visits')).toEqual({ visits: 3 });
  });

  it('shows whether a met player is already a friend', async () => {
    const added = await t.request('POST', '/api/user/me/friends', {
      token: anna.token,
      body: { friendId: cleo.id },
    });
    expect(added.status).toBe(201);
    const res = await t.request('GET', '/api/visits', { token: anna.token });
    const byName = Object.fromEntries(
      res.body.visits.map((v: { userName: string; friend: boolean }) => [v.userName, v.friend]),
    );
    expect(byName).toEqual({ ben: false, cleo: true });
  });

  it('lists only the caller\u2019s own meetings', async () => {
    const res = await t.request('GET', '/api/visits', { token: ben.token });
    expect(res.status).toBe(200);
    expect(res.body.visits).toEqual([]);
  });
});
