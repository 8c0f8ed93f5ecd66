import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_MAX_STREAMS_PER_USER } from '@arcadia/contracts';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { liveChannelStats } from './hub';
import { createTestApp, type TestApp } from '../../../test/support/app';
import {
  addArcade,
  addDevice,
  addPlayer,
  deviceRequest,
  report,
  setLastSeen,
  type TestDevice,
  type TestPlayer,
} from '../../../test/support/arcade';
import { testDbKind } from '../../../test/support/database';
import { setRole } from '../../../test/support/operators';

interface Received {
  type: string;
  data: any;
}

/** A live stream read as a test reads it: the events in order, awaited one by one. */
async function openStream(base: string, token: string) {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/live`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  const next = async (timeoutMs = 3000): Promise<Received> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n');
        const type = lines.find((l) => l.startsWith('event: '))?.slice(7);
        const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
        if (type && data) return { type, data: JSON.parse(data) };
        continue;
      }
      if (ended) throw new Error('stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no event in time');
      const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), left));
      const read = await Promise.race([reader.read(), timer]);
      if (read === 'timeout') throw new Error('no event in time');
      if (read.done) ended = true;
      else buffer += decoder.decode(read.value, { stream: true });
    }
  };
  /** The next event of this type, skipping others. */
  const nextOf = async (type: string, timeoutMs = 3000) => {
    for (;;) {
      const event = await next(timeoutMs);
      if (event.type === type) return event.data;
    }
  };
  /** Whether the stream ends (the server closed it) within the time. */
  const endsWithin = async (ms: number) => {
    try {
      for (;;) await next(ms);
    } catch (error) {
      return (error as Error).message === 'stream ended';
    }
  };
  return { res, next, nextOf, endsWithin, close: () => abort.abort() };
}

describe('the live channel (GET /api/live)', () => {
  let t: TestApp;
  let arena: TestDevice;
  let anna: TestPlayer;
  let ben: TestPlayer;

  const join = (player: TestPlayer, device: TestDevice) =>
    t.request('POST', `/api/v2/arcadecenter/${device.arcade}/device/${device.id}/player`, {
      token: player.token,
    });

  beforeAll(async () => {
    t = await createTestApp({ env: { LIVE_SWEEP_MS: '100' } });
    await addArcade(t, 'neon-city', 'Neon City');
    arena = await addDevice(t, 'neon-city', 'arena-1');
    anna = await addPlayer(t, 'Anna');
    ben = await addPlayer(t, 'Ben');
  }, 60_000);
  afterAll(() => t.close());

  it('needs a signed-in, registered player', async () => {
    expect((await t.request('GET', '/api/live')).status).toBe(401);
    const stranger = await t.issuer.mint('sub-nobody');
    expect((await t.request('GET', '/api/live', { token: stranger })).status).toBe(404);
  });

  it('follows the own play state through a match, and tells no one else', async () => {
    const a = await openStream(t.url, anna.token);
    const b = await openStream(t.url, ben.token);
    try {
      expect(a.res.headers.get('content-type')).toContain('text/event-stream');
      expect(a.res.headers.get('x-accel-buffering')).toBe('no');
      expect(await a.nextOf('hello')).toEqual({
        play: { device: null, online: true, matchRunning: false },
        unread: 0,
      });
      await b.nextOf('hello');

      expect((await join(anna, arena)).status).toBe(200);
      const joined = await a.nextOf('play');
      expect(joined).toMatchObject({
        reason: 'joined',
        play: { device: { arcade: 'neon-city', id: 'arena-1' }, online: true, matchRunning: false },
      });

      expect((await deviceRequest(t, arena)('POST', '/match/start')).status).toBe(200);
      expect(await a.nextOf('play')).toMatchObject({
        reason: 'match_started',
        play: { matchRunning: true },
      });

      const reported = await deviceRequest(t, arena)(
        'POST',
        '/games',
        report({
          type: 'freeforall',
          teams: [],
          players: [
            { userId: anna.id, kills: 5, deaths: 1, score: 900 },
            { guestName: 'Gast', kills: 1, deaths: 5, score: 100 },
          ],
        }),
      );
      expect(reported.status).toBe(201);
      const gameId = reported.body.id as string;
      expect(await a.nextOf('game')).toEqual({ gameId, applicationId: 'commando' });
      expect(await a.nextOf('play')).toEqual({
        reason: 'match_over',
        gameId,
        at: { arcade: 'neon-city', id: 'arena-1' },
        play: { device: null, online: true, matchRunning: false },
      });
      // the result and the two achievements it unlocked (first game, first win)
      expect(await a.nextOf('notifications')).toEqual({ unread: 3 });

      // Ben heard nothing of it: his next event is his own join.
      expect((await join(ben, arena)).status).toBe(200);
      expect(await b.next()).toMatchObject({ type: 'play', data: { reason: 'joined' } });
      expect(
        (
          await t.request('DELETE', `/api/arcadecenter/neon-city/device/arena-1/player/${ben.id}`, {
            token: ben.token,
          })
        ).status,
      ).toBe(200);
      expect(await b.next()).toMatchObject({ type: 'play', data: { reason: 'left' } });
    } finally {
      a.close();
      b.close();
    }
  });

  it('lists what push shows in the bell, and marks it read', async () => {
    const list = await t.request('GET', '/api/notifications', { token: anna.token });
    expect(list.status).toBe(200);
    // the match result, and the achievements it unlocked (docs/achievements.md), written by one
    // statement (in no set order)
    type Item = { kind: string; message: { en: { title: string } } };
    const items = list.body.items as Item[];
    expect(list.body.unread).toBe(3);
    expect(items.map((i) => i.kind).sort()).toEqual(['achievement', 'achievement', 'match_result']);
    expect(
      items
        .filter((i) => i.kind === 'achievement')
        .map((i) => i.message.en.title)
        .sort(),
    ).toEqual(['Achievement unlocked: First game', 'Achievement unlocked: First win']);
    expect(items.find((i) => i.kind === 'match_result')).toMatchObject({
      kind: 'match_result',
      unread: true,
      message: {
        de: {
          title: 'Dein Spielergebnis ist da',
          url: expect.stringMatching(/^\/game\/[0-9a-f-]{36}$/),
        },
        en: { title: 'Your match result is in' },
      },
    });
    expect((await t.request('GET', '/api/notifications', { token: ben.token })).body.items).toEqual(
      [],
    );
    for (const body of [{}, { upTo: -1 }, { upTo: 'all' }, { upTo: 1.5 }]) {
      const bad = await t.request('POST', '/api/notifications/read', { token: anna.token, body });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body.error.details)).toContain('upTo');
    }
    expect((await t.request('POST', '/api/notifications/read', { body: { upTo: 0 } })).status).toBe(
      401,
    );
    // nothing above was written: still three unread
    expect((await t.request('GET', '/api/notifications', { token: anna.token })).body.unread).toBe(
      3,
    );
    const read = await t.request('POST', '/api/notifications/read', {
      token: anna.token,
      body: { upTo: list.body.items[0].id },
    });
    expect(read.status).toBe(200);
    const after = await t.request('GET', '/api/notifications', { token: anna.token });
    expect(after.body.unread).toBe(0);
    expect(after.body.items[0].unread).toBe(false);
    // A mark beyond the newest notification reads what exists, not what is still to come: the
    // next test's friend notification arrives unread.
    const beyond = await t.request('POST', '/api/notifications/read', {
      token: anna.token,
      body: { upTo: Number.MAX_SAFE_INTEGER },
    });
    expect(beyond.status).toBe(200);
  });

  it('tells the player at once when someone adds them as a friend', async () => {
    const a = await openStream(t.url, anna.token);
    try {
      expect((await a.nextOf('hello')).unread).toBe(0);
      const added = await t.request('POST', '/api/user/me/friends', {
        token: ben.token,
        body: { friendId: anna.id },
      });
      expect(added.status).toBe(201);
      expect(await a.nextOf('notifications')).toEqual({ unread: 1 });
      const list = await t.request('GET', '/api/notifications', { token: anna.token });
      expect(list.body.items[0]).toMatchObject({
        kind: 'friend_added',
        unread: true,
        message: { de: { body: 'Ben hat dich als Freund hinzugefügt.' } },
      });
    } finally {
      a.close();
    }
  });

  it('tells the player when an operator removes them and when their device goes offline', async () => {
    const a = await openStream(t.url, anna.token);
    try {
      await a.nextOf('hello');
      await join(anna, arena);
      await a.nextOf('play');
      await setLastSeen(t, 'neon-city', 'arena-1', new Date(Date.now() - 5 * 60_000));
      expect(await a.nextOf('play')).toMatchObject({
        reason: 'device_offline',
        play: { device: { id: 'arena-1' }, online: false },
      });
      await setLastSeen(t, 'neon-city', 'arena-1', new Date());
      expect(await a.nextOf('play')).toMatchObject({
        reason: 'device_online',
        play: { online: true },
      });

      const { kickPlayer } = await import('../devices');
      await kickPlayer(t.db, 'neon-city', 'arena-1', anna.id);
      expect(await a.nextOf('play')).toMatchObject({
        reason: 'removed',
        at: { arcade: 'neon-city', id: 'arena-1' },
        play: { device: null },
      });
    } finally {
      a.close();
    }
  });

  it('tells the player whose seat, kept 30 minutes without a match, went to another', async () => {
    const solo = await addDevice(t, 'neon-city', 'solo', { capacity: 1 });
    const a = await openStream(t.url, anna.token);
    try {
      await a.nextOf('hello');
      expect((await join(anna, solo)).status).toBe(200);
      await a.nextOf('play');
      await t.db.execute(
        `update device_players set joined_at = now() - interval '31 minutes' where user_id = '${anna.id}'`,
      );
      expect((await join(ben, solo)).status).toBe(200);
      expect(await a.nextOf('play')).toMatchObject({
        reason: 'expired',
        at: { arcade: 'neon-city', id: 'solo' },
        play: { device: null },
      });
    } finally {
      a.close();
    }
    const left = await t.request(
      'DELETE',
      `/api/arcadecenter/neon-city/device/solo/player/${ben.id}`,
      { token: ben.token },
    );
    expect(left.status).toBe(200);
  });

  it("tells the players when an operator gives them a guest's result or voids their game", async () => {
    expect((await join(anna, arena)).status).toBe(200);
    const reported = await deviceRequest(t, arena)(
      'POST',
      '/games',
      report({
        type: 'freeforall',
        teams: [],
        players: [
          { userId: anna.id, kills: 2, deaths: 2, score: 400 },
          { guestName: 'Gast', kills: 2, deaths: 2, score: 300 },
        ],
      }),
    );
    expect(reported.status).toBe(201);
    const gameId = reported.body.id as string;
    await setRole(t, ben.id, 'admin');
    const game = `/api/admin/arcades/neon-city/games/${gameId}`;
    const a = await openStream(t.url, anna.token);
    const b = await openStream(t.url, ben.token);
    try {
      await a.nextOf('hello');
      await b.nextOf('hello');
      const details = await t.request('GET', game, { token: ben.token });
      const guest = (details.body.players as Array<{ slotId: number; guest: boolean }>).find(
        (p) => p.guest,
      );
      const assigned = await t.request('POST', `${game}/slots/${guest!.slotId}/assign`, {
        token: ben.token,
        body: { userId: ben.id },
      });
      expect(assigned.status).toBe(200);
      const changed = { gameId, applicationId: 'commando' };
      expect(await b.nextOf('game')).toEqual(changed);
      expect(await a.nextOf('game')).toEqual(changed);

      const voided = await t.request('POST', `${game}/void`, {
        token: ben.token,
        body: { reason: 'Vest fault' },
      });
      expect(voided.status).toBe(200);
      expect(await b.nextOf('game')).toEqual(changed);
      // anna hears of it, and no play event: no match ended on a device
      const heard: string[] = [];
      for (;;) {
        const event = await a.next(500).catch(() => null);
        if (!event) break;
        heard.push(event.type);
      }
      expect(heard).toContain('game');
      expect(heard).not.toContain('play');
    } finally {
      a.close();
      b.close();
      await setRole(t, ben.id, 'player');
    }
  });

  it('ends the streams of a player who is suspended, and only theirs', async () => {
    const cleo = await addPlayer(t, 'Cleo');
    const boss = await addPlayer(t, 'Boss');
    await setRole(t, boss.id, 'admin');
    const cleos = await openStream(t.url, cleo.token);
    const bens = await openStream(t.url, ben.token);
    try {
      await cleos.nextOf('hello');
      await bens.nextOf('hello');
      const suspended = await t.request('POST', `/api/admin/players/${cleo.id}/suspend`, {
        token: boss.token,
        body: { reason: 'Cheating' },
      });
      expect(suspended.status).toBe(200);
      expect(await cleos.endsWithin(2000)).toBe(true);
      expect(await bens.endsWithin(300)).toBe(false);
      expect((await t.request('GET', '/api/live', { token: cleo.token })).status).toBe(403);
    } finally {
      cleos.close();
      bens.close();
    }
  });

  it('keeps nothing of a stream whose client hung up before it started (no stream, no timer)', async () => {
    const { port } = new URL(t.url);
    const hangUps = Array.from(
      { length: 40 },
      (_, i) =>
        new Promise<void>((resolve) => {
          const socket = net.connect(Number(port), '127.0.0.1', () => {
            socket.write(
              `GET /api/live HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${ben.token}\r\n\r\n`,
            );
            // Gone while the server still looks the player up (or a moment later).
            setTimeout(() => socket.destroy(), i % 4);
          });
          socket.on('close', () => resolve());
          socket.on('error', () => resolve());
        }),
    );
    await Promise.all(hangUps);
    await expect.poll(() => liveChannelStats(t.app.database).streams, { timeout: 3000 }).toBe(0);
    // And it stays so: nothing was added after its client had gone.
    await new Promise((r) => setTimeout(r, 300));
    expect(liveChannelStats(t.app.database).streams).toBe(0);
  });

  it(`keeps at most ${LIVE_MAX_STREAMS_PER_USER} streams per player: the oldest closes`, async () => {
    const streams = [];
    for (let i = 0; i <= LIVE_MAX_STREAMS_PER_USER; i++) {
      const s = await openStream(t.url, ben.token);
      await s.nextOf('hello');
      streams.push(s);
    }
    try {
      expect(await streams[0]!.endsWithin(1000)).toBe(true);
      expect(await streams[1]!.endsWithin(300)).toBe(false);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it.runIf(testDbKind === 'postgres')(
    'reaches a player connected to another server process sharing the database',
    async () => {
      const database = await openDatabase({ url: t.testDb.url, poolSize: 2 });
      const second = await buildApp({ config: t.config, database, logger: false });
      await second.listen({ port: 0, host: '127.0.0.1' });
      const address = second.server.address() as { port: number };
      const a = await openStream(`http://127.0.0.1:${address.port}`, anna.token);
      try {
        await a.nextOf('hello');
        // The join goes to the first process; the stream is on the second.
        expect((await join(anna, arena)).status).toBe(200);
        expect(await a.nextOf('play')).toMatchObject({
          reason: 'joined',
          play: { device: { id: 'arena-1' } },
        });
      } finally {
        a.close();
        await second.close();
        await database.close();
      }
    },
  );
});

describe('a device an operator disables, for the players on it', () => {
  let t: TestApp;
  let pod: TestDevice;
  let spare: TestDevice;
  let cleo: TestPlayer;
  let dora: TestPlayer;
  let boss: TestPlayer;

  const join = (player: TestPlayer, device: TestDevice) =>
    t.request('POST', `/api/v2/arcadecenter/${device.arcade}/device/${device.id}/player`, {
      token: player.token,
    });
  const switchDevice = (action: 'disable' | 'enable') =>
    t.request('POST', `/api/admin/arcades/${pod.arcade}/devices/${pod.id}/${action}`, {
      token: boss.token,
    });

  beforeAll(async () => {
    // The sweep that notices devices going offline runs rarely here: what the players see must
    // come from the disable itself.
    t = await createTestApp({ env: { LIVE_SWEEP_MS: '600000' } });
    await addArcade(t, 'pods', 'Pod Hall');
    pod = await addDevice(t, 'pods', 'pod-1');
    spare = await addDevice(t, 'pods', 'pod-2');
    cleo = await addPlayer(t, 'Cleo');
    dora = await addPlayer(t, 'Dora');
    boss = await addPlayer(t, 'Boss');
    await setRole(t, boss.id, 'admin');
  }, 60_000);
  afterAll(() => t.close());

  it('is offline for them at once, its round ended: they may move; back when enabled', async () => {
    expect((await join(cleo, pod)).status).toBe(200);
    expect((await join(dora, pod)).status).toBe(200);
    expect((await deviceRequest(t, pod)('POST', '/match/start', {})).status).toBe(200);
    const c = await openStream(t.url, cleo.token);
    const d = await openStream(t.url, dora.token);
    try {
      expect(await c.nextOf('hello')).toMatchObject({ play: { online: true, matchRunning: true } });
      await d.nextOf('hello');

      expect((await switchDevice('disable')).status).toBe(200);
      for (const stream of [c, d])
        expect(await stream.nextOf('play')).toMatchObject({
          reason: 'device_offline',
          play: { device: { id: 'pod-1' }, online: false, matchRunning: false },
        });
      // Disabling ended the round (the device's key is refused: it cannot report it): Cleo may go
      // elsewhere.
      const moved = await join(cleo, spare);
      expect(moved.status).toBe(200);
      expect(await c.nextOf('play')).toMatchObject({
        reason: 'joined',
        play: { device: { id: 'pod-2' }, online: true },
      });

      // Enabled again while it still sends heartbeats: Dora, still on it, sees it back.
      expect((await switchDevice('enable')).status).toBe(200);
      expect(await d.nextOf('play')).toMatchObject({
        reason: 'device_online',
        play: { device: { id: 'pod-1' }, online: true },
      });
    } finally {
      c.close();
      d.close();
    }
  });

  it('shows its players a new name of the device or its arcade at once, and no one else', async () => {
    const rename = (path: string, body: object) =>
      t.request('PATCH', `/api/admin/arcades/${path}`, { token: boss.token, body });
    expect((await join(cleo, spare)).status).toBe(200);
    const c = await openStream(t.url, cleo.token);
    const d = await openStream(t.url, dora.token);
    try {
      expect(await c.nextOf('hello')).toMatchObject({ play: { device: { name: 'Device pod-2' } } });
      await d.nextOf('hello');

      expect((await rename(`pods/devices/${spare.id}`, { name: 'Laser Pod' })).status).toBe(200);
      expect(await c.nextOf('play')).toMatchObject({
        reason: 'renamed',
        play: { device: { id: 'pod-2', name: 'Laser Pod', arcadeName: 'Pod Hall' } },
        at: { arcade: 'pods', id: 'pod-2' },
      });
      expect((await rename('pods', { name: 'Pod Palace' })).status).toBe(200);
      for (const [stream, device] of [
        [c, 'Laser Pod'],
        [d, 'Device pod-1'],
      ] as const)
        expect(await stream.nextOf('play')).toMatchObject({
          reason: 'renamed',
          play: { device: { name: device, arcadeName: 'Pod Palace' } },
        });
      // Dora heard the arcade's new name only: nothing of the device she is not on.
      await expect(d.next(300)).rejects.toThrow('no event in time');
    } finally {
      c.close();
      d.close();
    }
  });
});
