import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseClaimCode } from '@arcadia/contracts';
import { DeviceClient, runMatch, seededRng, terminalClaims } from '@arcadia/device-sim';
import { createTestApp, type TestApp } from '../../../test/support/app';
import {
  addArcade,
  addDevice,
  addPlayer,
  type TestDevice,
  type TestPlayer,
} from '../../../test/support/arcade';

/** The device simulator against the real server: the whole loop from joining to statistics. */
describe('device simulator', () => {
  let t: TestApp;
  let device: TestDevice;
  let anna: TestPlayer;
  let ben: TestPlayer;

  beforeAll(async () => {
    t = await createTestApp();
    await addArcade(t, 'neon-city');
    device = await addDevice(t, 'neon-city', 'arena-1', { capacity: 6 });
    anna = await addPlayer(t, 'Anna');
    ben = await addPlayer(t, 'Ben');
  });
  afterAll(() => t.close());

  it('waits for players, plays a match, reports it and frees the device', async () => {
    const client = new DeviceClient({
      url: t.url,
      arcade: device.arcade,
      device: device.id,
      key: device.key,
    });
    await client.heartbeat();
    const lines: string[] = [];
    const match = runMatch(client, {
      type: 'elimination',
      minPlayers: 2,
      matchSeconds: 0,
      rng: seededRng(7),
      log: (line) => lines.push(line),
    });
    await new Promise((r) => setTimeout(r, 200));
    for (const p of [anna, ben]) {
      const res = await t.request('POST', `/api/v2/arcadecenter/neon-city/device/arena-1/player`, {
        token: p.token,
        body: { mail: '' },
      });
      expect(res.status).toBe(200);
    }
    const result = await match;
    expect(result.created).toBe(true);
    expect(result.game.type).toBe('elimination');
    expect(result.game.players).toHaveLength(6);
    expect(
      result.game.players
        .filter((p) => p.userId)
        .map((p) => p.name)
        .sort(),
    ).toEqual(['Anna', 'Ben']);
    expect(['neon-docks', 'skyline']).toContain(result.game.mapId);
    expect(lines.some((l) => l.startsWith('match started'))).toBe(true);

    const roster = await client.players();
    expect(roster.players).toEqual([]);
    expect(roster.matchStartedAt).toBeNull();
    const me = await t.request('GET', '/api/v2/user/me/device', { token: anna.token });
    expect(me.body).toEqual({});
    const profile = await t.request('GET', `/api/user/${anna.id}/details`, { token: anna.token });
    expect(profile.body.userStatistics.gamesPlayed).toBe(1);
    expect(profile.body.matchHistory[0].id).toBe(result.game.id);
    const again = await client.report(result.report);
    expect(again).toEqual({ created: false, game: result.game });
  });

  it('cannot be joined while its match runs', async () => {
    const client = new DeviceClient({
      url: t.url,
      arcade: device.arcade,
      device: device.id,
      key: device.key,
    });
    await t.request('POST', `/api/v2/arcadecenter/neon-city/device/arena-1/player`, {
      token: anna.token,
      body: {},
    });
    const match = runMatch(client, { type: 'freeforall', matchSeconds: 1 });
    await new Promise((r) => setTimeout(r, 500));
    const late = await t.request('POST', `/api/v2/arcadecenter/neon-city/device/arena-1/player`, {
      token: ben.token,
      body: {},
    });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('device_in_match');
    const result = await match;
    expect(result.game.players.filter((p) => p.userId).map((p) => p.userId)).toEqual([anna.id]);
  });

  it('shows a claim code per guest after the match; a player takes one result with it', async () => {
    const client = new DeviceClient({
      url: t.url,
      arcade: device.arcade,
      device: device.id,
      key: device.key,
    });
    await t.request('POST', `/api/v2/arcadecenter/neon-city/device/arena-1/player`, {
      token: anna.token,
      body: {},
    });
    const result = await runMatch(client, {
      type: 'freeforall',
      matchSeconds: 0,
      fillTo: 3,
      claims: true,
      rng: seededRng(3),
    });
    const guests = result.game.players.filter((p) => !p.userId).map((p) => p.name);
    expect(result.claims?.claims.map((c) => c.name).sort()).toEqual(guests.sort());
    const shown = await terminalClaims(result.claims!);
    for (const c of result.claims!.claims) expect(shown).toContain(c.url);
    const token = parseClaimCode(result.claims!.claims[0]!.url)!;
    const res = await t.request('POST', `/api/claims/${token}`, { token: ben.token });
    expect(res.status).toBe(200);
    expect(res.body.gameId).toBe(result.game.id);
    // Asked again, the device shows only the guest still unclaimed.
    expect((await client.claims(result.game.id)).claims).toHaveLength(guests.length - 1);
  });
});
