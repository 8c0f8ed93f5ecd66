import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import {
  addArcade,
  addDevice,
  addPlayer,
  deviceRequest,
  setLastSeen,
  type TestDevice,
  type TestPlayer,
} from '../../../test/support/arcade';
import { setDeviceDisabled } from '../devices';

describe('playing on a device', () => {
  let t: TestApp;
  let arena: TestDevice;
  let duo: TestDevice;
  let other: TestDevice;
  let anna: TestPlayer;
  let ben: TestPlayer;
  let cleo: TestPlayer;
  let dora: TestPlayer;

  const start = (player: TestPlayer, device: { arcade: string; id: string }, body?: unknown) =>
    t.request('POST', `/api/v2/arcadecenter/${device.arcade}/device/${device.id}/player`, {
      token: player.token,
      body,
    });
  const stop = (player: TestPlayer, device: { arcade: string; id: string }, userId = player.id) =>
    t.request('DELETE', `/api/arcadecenter/${device.arcade}/device/${device.id}/player/${userId}`, {
      token: player.token,
    });
  const current = (player: TestPlayer) =>
    t.request('GET', '/api/v2/user/me/device', { token: player.token });
  const seats = async () => (await t.counts('device_players')).device_players;

  beforeAll(async () => {
    t = await createTestApp();
    await addArcade(t, 'neon-city', 'Neon City');
    arena = await addDevice(t, 'neon-city', 'arena-1');
    duo = await addDevice(t, 'neon-city', 'duo', { capacity: 2 });
    other = await addDevice(t, 'neon-city', 'arena-2');
    anna = await addPlayer(t, 'Anna');
    ben = await addPlayer(t, 'Ben');
    cleo = await addPlayer(t, 'Cleo');
    dora = await addPlayer(t, 'Dora');
  });
  afterAll(() => t.close());

  it('starts playing with { mail: "" } and answers the device', async () => {
    const res = await start(anna, arena, { mail: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: 'arena-1',
      arcade: 'neon-city',
      name: 'Device arena-1',
      arcadeName: 'Neon City',
      applicationId: 'commando',
    });
    const me = await current(anna);
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body);
    const roster = await deviceRequest(t, arena)('GET', '/players');
    expect(roster.body.players.map((p: { userId: string }) => p.userId)).toEqual([anna.id]);
  });

  it('answers the same device again when already on it, without a second seat', async () => {
    const first = await current(anna);
    const again = await start(anna, arena);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await seats()).toBe(1);
  });

  it('takes an empty body, also sent as JSON', async () => {
    const path = `/api/v2/arcadecenter/${arena.arcade}/device/${arena.id}/player`;
    for (const headers of [{}, { 'content-type': 'application/json' }]) {
      const res = await fetch(`${t.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${anna.token}`, ...headers },
      });
      expect(res.status).toBe(200);
    }
    const broken = await t.request('POST', path, { token: anna.token, body: '{"mail":' });
    expect(broken.status).toBe(400);
  });

  it('answers {} for the current device when on none', async () => {
    const res = await current(ben);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
  });

  it('needs a token with read:arcade and a registered profile', async () => {
    const path = `/api/v2/arcadecenter/neon-city/device/arena-1/player`;
    expect((await t.request('POST', path, { body: { mail: '' } })).status).toBe(401);
    const noScope = await t.issuer.mint(ben.sub, { scopes: ['read:users'] });
    const scoped = await t.request('POST', path, { token: noScope, body: { mail: '' } });
    expect(scoped.status).toBe(403);
    const stranger = await t.issuer.mint('sub-never-registered');
    const unregistered = await t.request('POST', path, { token: stranger, body: {} });
    expect(unregistered.status).toBe(404);
    expect(unregistered.body.error.code).toBe('not_registered');
    expect((await t.request('GET', '/api/v2/user/me/device')).status).toBe(401);
    expect(await seats()).toBe(1);
  });

  it('answers 404 device_not_found for an unknown device and 400 for a malformed id', async () => {
    const res = await start(ben, { arcade: 'neon-city', id: 'nope' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('device_not_found');
    const bad = await start(ben, { arcade: 'neon-city', id: 'b%20d' });
    expect(bad.status).toBe(400);
    expect(await seats()).toBe(1);
  });

  it('refuses an offline device (no heartbeat for 60 s) with 409 device_offline', async () => {
    await setLastSeen(t, 'neon-city', 'arena-2', new Date(Date.now() - 61_000));
    const res = await start(ben, other);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('device_offline');
    await deviceRequest(t, other)('POST', '/heartbeat', {});
    expect((await start(ben, other)).status).toBe(200);
    expect((await stop(ben, other)).status).toBe(200);
  });

  it('refuses a disabled device at once, though its last heartbeat is recent (409 device_offline)', async () => {
    await deviceRequest(t, other)('POST', '/heartbeat', {});
    // One disabled before its match was ended with it (an older server): offline, not "in match".
    await t.db.execute(
      `update devices set disabled_at = now(), match_started_at = now()
        where arcade_id = 'neon-city' and id = 'arena-2'`,
    );
    try {
      const res = await start(ben, other);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('device_offline');
    } finally {
      await t.db.execute(
        `update devices set disabled_at = null, match_started_at = null
          where arcade_id = 'neon-city' and id = 'arena-2'`,
      );
    }
  });

  it('one player joining two devices at once: one seat, no server error', async () => {
    // The second join waits for the first and then moves the player (both answer 200).
    const answers = await Promise.all([start(cleo, arena), start(cleo, duo)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const mine = await t.db.execute<{ n: number }>(
      `select count(*)::int as n from device_players where user_id = '${cleo.id}'`,
    );
    expect(Number(mine.rows[0]!.n)).toBe(1);
    const seat = await current(cleo);
    expect((await stop(cleo, { arcade: 'neon-city', id: seat.body.id as string })).status).toBe(
      200,
    );
  });

  it('refuses a device mid-match with 409 device_in_match', async () => {
    const device = deviceRequest(t, other);
    const started = await device('POST', '/match/start', {});
    expect(started.status).toBe(200);
    expect(started.body.matchStartedAt).not.toBeNull();
    const res = await start(ben, other);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('device_in_match');
    expect((await device('POST', '/match/cancel', {})).body.matchStartedAt).toBeNull();
    expect((await start(ben, other)).status).toBe(200);
    expect((await stop(ben, other)).status).toBe(200);
  });

  it('refuses a full device with 409 device_full, also when players join at once', async () => {
    // Three players who play nowhere else (Anna stays on arena-1 for the tests after this).
    const results = await Promise.all([start(ben, duo), start(cleo, duo), start(dora, duo)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.code).toBe('device_full');
    const roster = await deviceRequest(t, duo)('GET', '/players');
    expect(roster.body.players).toHaveLength(2);
    for (const p of [ben, cleo, dora]) await stop(p, duo);
  });

  it('gives a seat kept 30 minutes without a match to a player at the full device', async () => {
    expect((await start(ben, duo)).status).toBe(200);
    expect((await start(cleo, duo)).status).toBe(200);
    // 29 minutes: still Ben's and Cleo's device.
    const joinedAgo = (player: TestPlayer, minutes: number) =>
      t.db.execute(
        `update device_players set joined_at = now() - interval '${minutes} minutes' where user_id = '${player.id}'`,
      );
    await joinedAgo(ben, 29);
    const full = await start(dora, duo);
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('device_full');
    // 31 minutes without a match: Ben's seat goes to Dora; Cleo, who came later, keeps hers.
    await joinedAgo(ben, 31);
    expect((await start(dora, duo)).status).toBe(200);
    const roster = await deviceRequest(t, duo)('GET', '/players');
    expect(roster.body.players.map((p: { userId: string }) => p.userId).sort()).toEqual(
      [cleo.id, dora.id].sort(),
    );
    expect((await current(ben)).body).toEqual({});
    for (const p of [cleo, dora]) await stop(p, duo);
  });

  it('moves a player who joins another device', async () => {
    const me = await current(anna);
    expect(me.body.id).toBe('arena-1');
    const moved = await start(anna, other);
    expect(moved.status).toBe(200);
    expect((await current(anna)).body.id).toBe('arena-2');
    expect((await deviceRequest(t, arena)('GET', '/players')).body.players).toEqual([]);
    expect(await seats()).toBe(1);
  });

  it('does not move a player out of a running match (409 already_in_match)', async () => {
    await deviceRequest(t, other)('POST', '/match/start', {});
    const res = await start(anna, arena);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('already_in_match');
    expect((await current(anna)).body.id).toBe('arena-2');
    // Nor lets them leave it: the match's report may credit its roster only, so one player
    // leaving would have it refused for everyone.
    const leave = await stop(anna, other);
    expect(leave.status).toBe(409);
    expect(leave.body.error.code).toBe('already_in_match');
    expect((await current(anna)).body.id).toBe('arena-2');
    await deviceRequest(t, other)('POST', '/match/cancel', {});
  });

  it('keeps a player in a match whose device is briefly offline, lets them go once it is given up', async () => {
    await deviceRequest(t, duo)('POST', '/heartbeat', {});
    await deviceRequest(t, other)('POST', '/heartbeat', {});
    expect((await start(dora, duo)).status).toBe(200);
    await deviceRequest(t, duo)('POST', '/match/start', {});
    expect((await stop(dora, duo)).status).toBe(409);
    // A minute's silence: the device may come back and report the match, Dora on its roster.
    await setLastSeen(t, 'neon-city', 'duo', new Date(Date.now() - 61_000));
    expect((await stop(dora, duo)).body.error.code).toBe('already_in_match');
    expect((await start(dora, other)).body.error.code).toBe('already_in_match');
    expect((await current(dora)).body.id).toBe('duo');
    // Ten minutes: the match is given up, she may move (or leave).
    await setLastSeen(t, 'neon-city', 'duo', new Date(Date.now() - 601_000));
    expect((await start(dora, other)).status).toBe(200);
    expect((await stop(dora, other)).status).toBe(200);
    await deviceRequest(t, duo)('POST', '/match/cancel', {});
  });

  it('lets a player go from a match running longer than the longest game, its device still heard', async () => {
    await deviceRequest(t, duo)('POST', '/heartbeat', {});
    expect((await start(dora, duo)).status).toBe(200);
    await deviceRequest(t, duo)('POST', '/match/start', {});
    expect((await stop(dora, duo)).body.error.code).toBe('already_in_match');
    // A device that heartbeats but never reports or cancels its match would hold her for good.
    await t.db.execute(
      `update devices set match_started_at = now() - interval '25 hours', last_seen_at = now()
        where arcade_id = 'neon-city' and id = 'duo'`,
    );
    expect((await stop(dora, duo)).status).toBe(200);
    await deviceRequest(t, duo)('POST', '/match/cancel', {});
  });

  it('disabling a device ends its match: its players may leave at once', async () => {
    await deviceRequest(t, duo)('POST', '/heartbeat', {});
    expect((await start(dora, duo)).status).toBe(200);
    await deviceRequest(t, duo)('POST', '/match/start', {});
    await setDeviceDisabled(t.db, 'neon-city', 'duo', true);
    try {
      const { rows } = await t.db.execute<{ running: boolean }>(
        `select match_started_at is not null as running from devices
          where arcade_id = 'neon-city' and id = 'duo'`,
      );
      expect(rows[0]!.running).toBe(false);
      expect((await stop(dora, duo)).status).toBe(200);
    } finally {
      await setDeviceDisabled(t.db, 'neon-city', 'duo', false);
    }
  });

  it('stops only oneself (403) and only where one plays (404 not_playing)', async () => {
    const forSomeoneElse = await stop(ben, other, anna.id);
    expect(forSomeoneElse.status).toBe(403);
    expect((await current(anna)).body.id).toBe('arena-2');
    const elsewhere = await stop(anna, arena);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error.code).toBe('not_playing');
    const res = await stop(anna, other);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await current(anna)).body).toEqual({});
    expect(await seats()).toBe(0);
  });
});
