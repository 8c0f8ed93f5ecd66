import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_MAX_WAITING, deviceAuthorization } from '@arcadia/contracts';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { testDbKind } from '../../../test/support/database';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { rosterEventsFor, rotateDeviceKey } from '../devices';
import {
  addArcade,
  addDevice,
  addPlayer,
  deviceRequest,
  type TestDevice,
  type TestPlayer,
} from '../../../test/support/arcade';

describe('device API', () => {
  let t: TestApp;
  let arena: TestDevice;
  let other: TestDevice;
  let anna: TestPlayer;
  let ben: TestPlayer;

  const join = (player: TestPlayer, device: TestDevice) =>
    t.request('POST', `/api/v2/arcadecenter/${device.arcade}/device/${device.id}/player`, {
      token: player.token,
      body: { mail: '' },
    });
  const leave = (player: TestPlayer, device: TestDevice) =>
    t.request(
      'DELETE',
      `/api/arcadecenter/${device.arcade}/device/${device.id}/player/${player.id}`,
      {
        token: player.token,
      },
    );

  beforeAll(async () => {
    t = await createTestApp();
    await addArcade(t, 'neon-city');
    arena = await addDevice(t, 'neon-city', 'arena-1');
    other = await addDevice(t, 'neon-city', 'arena-2');
    anna = await addPlayer(t, 'Anna');
    ben = await addPlayer(t, 'Ben');
  });
  afterAll(() => t.close());

  describe('authentication', () => {
    const get = (authorization?: string) =>
      t.request('GET', '/api/device/v1/players', {
        headers: authorization ? { authorization } : {},
      });

    it('refuses a missing or malformed header with 401 device_auth_required', async () => {
      for (const header of [undefined, 'Bearer abc', `Device neon-city:arena-1`, 'Device ::']) {
        const res = await get(header);
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('device_auth_required');
      }
    });

    it('refuses a wrong key, an unknown device and another device’s key alike', async () => {
      const wrongKey = deviceAuthorization('neon-city', 'arena-1', 'x'.repeat(43));
      const unknown = deviceAuthorization('neon-city', 'nope', arena.key);
      const othersKey = deviceAuthorization('neon-city', 'arena-1', other.key);
      for (const header of [wrongKey, unknown, othersKey]) {
        const res = await get(header);
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('device_auth_failed');
      }
    });

    it('takes the scheme name in any case (RFC 7235 §2.1), as Bearer on the other routes', async () => {
      const [, credentials] = arena.headers.authorization.split(' ');
      for (const scheme of ['device', 'DEVICE', 'dEvIcE']) {
        const res = await get(`${scheme} ${credentials}`);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ arcade: 'neon-city', id: 'arena-1' });
      }
    });

    it('does not accept a user bearer token', async () => {
      const res = await get(`Bearer ${anna.token}`);
      expect(res.status).toBe(401);
    });

    it('answers the roster with the right key; a rotated key stops the old one', async () => {
      const ok = await get(arena.headers.authorization);
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ arcade: 'neon-city', id: 'arena-1', players: [] });
      const spare = await addDevice(t, 'neon-city', 'spare');
      // The old key was just verified for a game report (whose route may trust it a few seconds
      // longer); every other route reads the device again and refuses it at once.
      const report = await t.request('POST', '/api/device/v1/games', {
        headers: spare.headers,
        body: {},
      });
      expect(report.status).toBe(400);
      const { key } = await rotateDeviceKey(t.db, 'neon-city', 'spare');
      expect((await get(spare.headers.authorization)).status).toBe(401);
      expect((await get(deviceAuthorization('neon-city', 'spare', key))).status).toBe(200);
    });

    it('refuses unauthenticated reports and writes nothing', async () => {
      const res = await t.request('POST', '/api/device/v1/games', {
        headers: { authorization: deviceAuthorization('neon-city', 'arena-1', other.key) },
        body: { idempotencyKey: 'abcdefgh' },
      });
      expect(res.status).toBe(401);
      expect(await t.counts('games')).toEqual({ games: 0 });
    });
  });

  it('is described in the OpenAPI document with the play calls', async () => {
    const res = await t.request('GET', '/api/docs/json');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/device/v1/players',
        '/api/device/v1/games',
        '/api/device/v1/heartbeat',
        '/api/v2/arcadecenter/{arcade}/device/{id}/player',
        '/api/arcadecenter/{arcade}/device/{id}/player/{userId}',
        '/api/v2/user/me/device',
        '/api/leaderboards/{applicationId}',
        '/api/games/{applicationId}',
        '/api/user/{id}/games',
      ]),
    );
  });

  it('heartbeat marks the device online and answers the roster version', async () => {
    const res = await deviceRequest(t, arena)('POST', '/heartbeat');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ matchStartedAt: null });
    expect(typeof res.body.version).toBe('number');
    expect(Math.abs(Date.parse(res.body.serverTime) - Date.now())).toBeLessThan(5000);
  });

  it('answers a long poll at once when the version differs', async () => {
    const first = await deviceRequest(t, arena)('GET', '/players');
    const started = Date.now();
    const res = await deviceRequest(t, arena)(
      'GET',
      `/players?since=${first.body.version + 7}&wait=10`,
    );
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('wakes a long poll within a second when a player joins, and again on leaving', async () => {
    const first = await deviceRequest(t, arena)('GET', '/players');
    const started = Date.now();
    const poll = deviceRequest(t, arena)('GET', `/players?since=${first.body.version}&wait=20`);
    await new Promise((r) => setTimeout(r, 300));
    expect((await join(anna, arena)).status).toBe(200);
    const res = await poll;
    expect(Date.now() - started).toBeLessThan(1300);
    expect(res.body.version).toBeGreaterThan(first.body.version);
    expect(res.body.players).toEqual([
      expect.objectContaining({ userId: anna.id, userName: 'Anna' }),
    ]);
    const next = deviceRequest(t, arena)('GET', `/players?since=${res.body.version}&wait=20`);
    await leave(anna, arena);
    expect((await next).body.players).toEqual([]);
  });

  it('answers the same version after the wait when nothing changed', async () => {
    const first = await deviceRequest(t, other)('GET', '/players');
    const res = await deviceRequest(t, other)('GET', `/players?since=${first.body.version}&wait=1`);
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(first.body.version);
  });

  it('refuses a wait over 25 seconds', async () => {
    const res = await deviceRequest(t, other)('GET', '/players?since=0&wait=26');
    expect(res.status).toBe(400);
  });

  it('streams the roster as server-sent events', async () => {
    const abort = new AbortController();
    const res = await fetch(`${t.url}/api/device/v1/players/stream`, {
      headers: other.headers,
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const nextEvent = async () => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) return JSON.parse(data.slice(6));
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    };
    expect((await nextEvent()).players).toEqual([]);
    const started = Date.now();
    await join(ben, other);
    const event = await nextEvent();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(event.players.map((p: { userId: string }) => p.userId)).toEqual([ben.id]);
    abort.abort();
    await leave(ben, other);
  });

  it(`keeps at most ${DEVICE_MAX_WAITING} streams and long polls of one device open: a newer one ends the oldest`, async () => {
    const aborts: AbortController[] = [];
    const open = async () => {
      const abort = new AbortController();
      aborts.push(abort);
      const res = await fetch(`${t.url}/api/device/v1/players/stream`, {
        headers: other.headers,
        signal: abort.signal,
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      await reader.read(); // the roster, sent at once
      return reader;
    };
    const readers = [];
    for (let i = 0; i < DEVICE_MAX_WAITING + 2; i++) readers.push(await open());
    // The two oldest were closed by the server; the newest are still open.
    for (const reader of readers.slice(0, 2)) expect((await reader.read()).done).toBe(true);
    const still = await Promise.race([
      readers
        .at(-1)!
        .read()
        .then(() => 'read'),
      new Promise((r) => setTimeout(() => r('open'), 300)),
    ]);
    expect(still).toBe('open');
    // A plain read waits for nothing and ends no stream; a long poll counts, and another
    // device's are its own.
    const first = await deviceRequest(t, other)('GET', '/players');
    const kept = await Promise.race([
      readers[2]!.read().then(() => 'ended'),
      new Promise((r) => setTimeout(() => r('open'), 300)),
    ]);
    expect(kept).toBe('open');
    // Nor does a long poll whose version is already old: it is answered at once.
    const stale = await deviceRequest(t, other)(
      'GET',
      `/players?since=${first.body.version - 1}&wait=20`,
    );
    expect(stale.body.version).toBe(first.body.version);
    const keptStill = await Promise.race([
      readers[2]!.read().then(() => 'ended'),
      new Promise((r) => setTimeout(() => r('open'), 300)),
    ]);
    expect(keptStill).toBe('open');
    const poll = deviceRequest(t, other)('GET', `/players?since=${first.body.version}&wait=20`);
    expect((await readers[2]!.read()).done).toBe(true);
    const started = Date.now();
    for (let i = 0; i < DEVICE_MAX_WAITING; i++) await open();
    expect((await poll).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(10_000); // ended, not its 20 s
    for (const abort of aborts) abort.abort();
  });

  it('keeps nothing of a roster stream whose device hung up while its key was checked', async () => {
    const devices = await Promise.all(
      Array.from({ length: 6 }, (_, i) => addDevice(t, 'neon-city', `gone-${i}`)),
    );
    const { port } = new URL(t.url);
    const hangUp = (device: TestDevice) =>
      new Promise<void>((resolve) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => {
          socket.write(
            `GET /api/device/v1/players/stream HTTP/1.1\r\nHost: localhost\r\n` +
              `Authorization: ${device.headers.authorization}\r\n\r\n`,
          );
          setTimeout(() => socket.resetAndDestroy(), 100);
        });
        socket.on('close', () => resolve());
        socket.on('error', () => resolve());
      });
    // The devices' keys are read from the database on their first request: held up by this
    // transaction (PGlite runs one at a time; on PostgreSQL the lock), each device hangs up
    // before its handler runs.
    await t.db.transaction(async (tx) => {
      if (testDbKind === 'postgres')
        await tx.execute(sql`lock table devices in access exclusive mode`);
      await Promise.all(devices.map(hangUp));
    });
    const events = await rosterEventsFor(t.app.database);
    const waiting = () => devices.reduce((n, d) => n + events.waitersOf(d.arcade, d.id), 0);
    await expect.poll(waiting, { timeout: 3000 }).toBe(0);
    // And it stays so: no stream went on reading the roster for a client that had gone.
    await new Promise((r) => setTimeout(r, 300));
    expect(waiting()).toBe(0);
  });

  it.runIf(testDbKind === 'postgres')(
    'wakes a device waiting on another server process sharing the database',
    async () => {
      const database = await openDatabase({ url: t.testDb.url, poolSize: 2 });
      const second = await buildApp({ config: t.config, database, logger: false });
      await second.listen({ port: 0, host: '127.0.0.1' });
      try {
        const address = second.server.address() as { port: number };
        const base = `http://127.0.0.1:${address.port}/api/device/v1/players`;
        const first = (await (await fetch(base, { headers: arena.headers })).json()) as {
          version: number;
        };
        const started = Date.now();
        const poll = fetch(`${base}?since=${first.version}&wait=20`, { headers: arena.headers });
        await new Promise((r) => setTimeout(r, 300));
        await join(ben, arena);
        const body = (await (await poll).json()) as { players: Array<{ userId: string }> };
        expect(Date.now() - started).toBeLessThan(1300);
        expect(body.players.map((p) => p.userId)).toEqual([ben.id]);
        await leave(ben, arena);
      } finally {
        await second.close();
        await database.close();
      }
    },
  );
});

describe("device API's rate limit", () => {
  let t: TestApp;
  let arena: TestDevice;
  let other: TestDevice;
  const MAX = 4;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: String(MAX) } });
    await addArcade(t, 'neon-city');
    arena = await addDevice(t, 'neon-city', 'arena-1');
    other = await addDevice(t, 'neon-city', 'arena-2');
  });
  afterAll(() => t.close());

  const get = (authorization: string) =>
    t.request('GET', '/api/device/v1/players', { headers: { authorization } });

  it('counts a device once, however its header spells the scheme or the ids', async () => {
    const [, credentials] = arena.headers.authorization.split(' ');
    for (let i = 0; i < MAX; i += 1)
      expect((await get(arena.headers.authorization)).status).toBe(200);
    expect((await get(arena.headers.authorization)).status).toBe(429);
    for (const header of [`device ${credentials}`, `DEVICE ${credentials}`])
      expect((await get(header)).status, header).toBe(429);
    // The ids in capitals name no device (refused by its key's check, never a new allowance).
    const capitals = `Device ${credentials!.replace('neon-city:arena-1', 'NEON-CITY:ARENA-1')}`;
    expect([401, 429]).toContain((await get(capitals)).status);
    // Another device of the same venue (same address) has its own allowance.
    expect((await get(other.headers.authorization)).status).toBe(200);
  });
});
