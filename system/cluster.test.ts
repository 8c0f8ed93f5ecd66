/**
 * The deployment of deploy/compose.yaml, on this machine: three processes of the built server on
 * a fresh PostgreSQL database and the local Redis, behind nginx configured from
 * deploy/nginx.conf, started with the commands the compose file runs (migrate once, then
 * `node apps/server/dist/server.mjs` with WORKERS=1). Everything players and the device do goes
 * through the proxy, which spreads requests round robin; its log tells which process answered.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  deviceAuthorization,
  devicePlayersSchema,
  friendsResponseSchema,
  ingestedGameSchema,
  matchHistoryPageSchema,
  ownProfileSchema,
  type GameReportInput,
} from '@arcadia/contracts';
import { TestOidcClient } from '../apps/server/test/support/oidc-client';
import {
  call,
  openRosterStream,
  ownLoopbackAddress,
  signUpPlayer,
  type SignedUpPlayer,
} from './support/cluster-clients';
import {
  createFreshDatabase,
  probeClusterServices,
  type FreshDatabase,
} from './support/cluster-services';
import { LocalCluster } from './support/local-cluster';
import type { ProxyLogEntry } from './support/nginx-proxy';
import { buildServer } from './support/server-process';

const services = await probeClusterServices();
if (services.missing.length > 0)
  console.warn(
    `SKIPPING the cluster test (system/cluster.test.ts): ${services.missing.join('; ')}`,
  );

const ARCADE = 'cluster-city';
const DEVICE = 'arena-1';
const MAP = 'cluster-docks';
/**
 * RATE_LIMIT_MAX: requests per minute and client (per device on the device API) over all
 * processes; above what one player or the device sends here, far below three times that.
 */
const LIMIT = 30;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(services.missing.length > 0)(
  'three server processes behind nginx on PostgreSQL and Redis',
  () => {
    let dir = '';
    let database: FreshDatabase | undefined;
    let cluster: LocalCluster | undefined;
    let device = '';
    let anna: SignedUpPlayer;
    let ben: SignedUpPlayer;
    let annaId = '';

    const c = () => cluster!;
    const processesOf = (entries: ProxyLogEntry[]) => new Set(entries.map((e) => c().processOf(e)));
    /** A request of a player's app: their token, from their own address. */
    const asPlayer = (player: SignedUpPlayer, method: string, url: string, body?: unknown) =>
      call(c().url, method, url, {
        token: player.tokens.access_token,
        localAddress: player.address,
        body,
      });
    const asDevice = (method: string, url: string, body?: unknown) =>
      call(c().url, method, url, { authorization: device, body });
    /** Anna and a guest (Anna must be on the device's roster), or only guests. */
    const report = (withAnna = true): GameReportInput => ({
      idempotencyKey: `game-${randomUUID()}`,
      type: 'elimination',
      mapId: MAP,
      durationSeconds: 300,
      teams: [
        { id: 1, name: 'Rot', score: 3 },
        { id: 2, name: 'Blau', score: 1 },
      ],
      players: [
        withAnna
          ? { userId: annaId, teamId: 1, kills: 5, deaths: 2, score: 30 }
          : { guestName: 'Gast 1', teamId: 1, kills: 5, deaths: 2, score: 30 },
        { guestName: 'Gast', teamId: 2, kills: 2, deaths: 5, score: 10 },
      ],
    });
    const countGames = async (key?: string) => {
      const rows = await database!.query<{ n: number }>(
        `select count(*)::int as n from games${key ? ' where idempotency_key = $1' : ''}`,
        key ? [key] : [],
      );
      return rows[0]!.n;
    };

    beforeAll(async () => {
      buildServer();
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-cluster-'));
      database = await createFreshDatabase(services.postgresUrl);
      cluster = await LocalCluster.create({
        databaseUrl: database.url,
        redisUrl: services.redisUrl,
        nginx: services.nginx!,
        dir,
      });
      // An operator's first steps: migrate, then the arcade and its device with the admin CLI.
      await cluster.migrate();
      await cluster.admin('arcade', 'create', '--id', ARCADE, '--name', 'Cluster City');
      const created = await cluster.admin(
        ...['device', 'create', '--arcade', ARCADE, '--id', DEVICE, '--name', 'Arena 1'],
        ...['--out', path.join(dir, 'qr')],
      );
      const key = /device key \(shown only now; store it on the device\): (\S+)/.exec(created)?.[1];
      if (!key) throw new Error(`no device key in:\n${created}`);
      device = deviceAuthorization(ARCADE, DEVICE, key);
      // No admin command adds maps yet: an operator's one line of SQL.
      await database.query(
        `insert into maps (id, name, icon_path) values ($1, 'Cluster Docks', '/assets/maps/x.svg')`,
        [MAP],
      );
      await cluster.startProcesses({ RATE_LIMIT_MAX: String(LIMIT) });
      await cluster.startProxy();
    });

    afterAll(async () => {
      await cluster?.close();
      await database?.drop();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('signs up, in and refreshes at the embedded provider, whichever process answers', async () => {
      const from = c().mark();
      anna = await signUpPlayer(c().url, 'Anna');
      // One sign-up: its pages, form posts and the token request went to all three processes.
      const flow = await c().logged(from, (e) => e.uri.startsWith('/oidc'), 5);
      expect(processesOf(flow)).toEqual(new Set([0, 1, 2]));
      expect(flow.filter((e) => e.status >= 400)).toEqual([]);
      ben = await signUpPlayer(c().url, 'Ben');

      const again = new TestOidcClient(c().url);
      const tokens = await again.tokens(await again.signIn(anna.email, anna.password));
      expect(decodeJwt(tokens.access_token).sub).toBe(decodeJwt(anna.tokens.access_token).sub);
      const refreshed = await anna.oidc.refresh(anna.tokens.refresh_token!);
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.refresh_token).not.toBe(anna.tokens.refresh_token);
      anna.tokens.access_token = String(refreshed.body.access_token);
    });

    it('registers profiles and adds a friend; every process reads them', async () => {
      const register = async (player: SignedUpPlayer) => {
        const res = await asPlayer(player, 'POST', '/api/v2/user/registration', {
          username: player.nickname,
          mail: player.email,
          agb: true,
        });
        expect(res.status).toBe(201);
        return res.as(ownProfileSchema).id;
      };
      annaId = await register(anna);
      const benId = await register(ben);
      const added = await asPlayer(anna, 'POST', '/api/v2/user/me/friends', {
        friendToAddId: benId,
      });
      expect(added.status).toBe(201);

      const from = c().mark();
      for (let i = 0; i < 3; i++) {
        const list = await asPlayer(anna, 'GET', '/api/v2/user/me/friends');
        expect(list.as(friendsResponseSchema).friends).toEqual([
          { userId: benId, userName: 'Ben' },
        ]);
      }
      const reads = await c().logged(from, (e) => e.uri === '/api/v2/user/me/friends', 3);
      expect(processesOf(reads)).toEqual(new Set([0, 1, 2]));
    });

    it('wakes a device waiting on other processes when a player joins (LISTEN/NOTIFY)', async () => {
      expect((await asDevice('POST', '/api/device/v1/heartbeat', {})).status).toBe(200);
      const before = (await asDevice('GET', '/api/device/v1/players')).as(devicePlayersSchema);
      expect(before.players).toEqual([]);
      const onDevice = (players: Array<{ userId: string }>) =>
        players.some((p) => p.userId === annaId);

      // Three waits at once land on the three processes: two long polls and an event stream.
      const from = c().mark();
      let settled = 0;
      const polls = [0, 1].map(async () => {
        const answer = await asDevice(
          'GET',
          `/api/device/v1/players?since=${before.version}&wait=20`,
        );
        settled += 1;
        return { answer, at: Date.now() };
      });
      const stream = await openRosterStream(c().url, device);
      try {
        await stream.next((r) => r.version === before.version, 10_000);
        await sleep(1_000);
        expect(settled).toBe(0);

        const join = await asPlayer(
          anna,
          'POST',
          `/api/v2/arcadecenter/${ARCADE}/device/${DEVICE}/player`,
          { mail: '' },
        );
        expect(join.status).toBe(200);
        const joinedAt = Date.now();
        // Well inside the waiters' own re-read of the database (every 5 s): the notification
        // from the joining process woke them.
        const event = await stream.next((r) => onDevice(r.players), 2_500);
        expect(event.version).toBeGreaterThan(before.version);
        for (const { answer, at } of await Promise.all(polls)) {
          expect(answer.status).toBe(200);
          expect(onDevice(answer.as(devicePlayersSchema).players)).toBe(true);
          expect(at - joinedAt).toBeLessThan(2_500);
        }
        stream.close();
        const [joined] = await c().logged(from, (e) => e.requestId === join.requestId, 1);
        const waits = await c().logged(
          from,
          (e) => e.uri.startsWith('/api/device/v1/players?') || e.uri.endsWith('/players/stream'),
          3,
        );
        expect(processesOf(waits)).toEqual(new Set([0, 1, 2]));
        const elsewhere = waits.filter((w) => c().processOf(w) !== c().processOf(joined!));
        expect(elsewhere).toHaveLength(2);
      } finally {
        stream.close();
      }
    });

    it('stores games reported through all three processes at once, one per idempotency key', async () => {
      const from = c().mark();
      const answers = await Promise.all(
        // Guests: a registered player leaves the roster with each stored game.
        Array.from({ length: 9 }, () => asDevice('POST', '/api/device/v1/games', report(false))),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(9).fill(201));
      const reports = await c().logged(from, (e) => e.uri === '/api/device/v1/games', 9);
      expect(processesOf(reports)).toEqual(new Set([0, 1, 2]));

      // The same report at the same moment to two processes (a device retrying too early).
      for (let i = 0; i < 3; i++) {
        const seated = await asPlayer(
          anna,
          'POST',
          `/api/v2/arcadecenter/${ARCADE}/device/${DEVICE}/player`,
          { mail: '' },
        );
        expect(seated.status).toBe(200);
        const twice = report();
        const mark = c().mark();
        const [a, b] = await Promise.all([
          asDevice('POST', '/api/device/v1/games', twice),
          asDevice('POST', '/api/device/v1/games', twice),
        ]);
        expect([a.status, b.status].sort()).toEqual([200, 201]);
        expect(a.as(ingestedGameSchema).id).toBe(b.as(ingestedGameSchema).id);
        const pair = await c().logged(
          mark,
          (e) => e.requestId === a.requestId || e.requestId === b.requestId,
          2,
        );
        expect(processesOf(pair).size).toBe(2);
        expect(await countGames(twice.idempotencyKey)).toBe(1);
      }
      expect(await countGames()).toBe(12);

      const history = await asPlayer(anna, 'GET', `/api/user/${annaId}/games?page=1`);
      const page = history.as(matchHistoryPageSchema);
      expect(page.games.length).toBe(Math.min(3, page.pageSize));
    });

    it('limits a client to RATE_LIMIT_MAX requests in total over all processes (Redis)', async () => {
      const client = ownLoopbackAddress();
      const from = c().mark();
      const answers = [];
      for (let i = 0; i < LIMIT; i++) {
        // A forged X-Forwarded-For changes nothing: with TRUST_PROXY=1 the app takes nginx's entry.
        const headers = { 'x-forwarded-for': `203.0.113.${i + 1}` };
        answers.push(await call(c().url, 'GET', '/api/arcades', { localAddress: client, headers }));
      }
      expect(answers.map((a) => a.status)).toEqual(Array(LIMIT).fill(200));
      // One counter: what remains goes down with every request, whichever process answered.
      expect(answers.map((a) => Number(a.header('x-ratelimit-remaining')))).toEqual(
        Array.from({ length: LIMIT }, (_, i) => LIMIT - 1 - i),
      );
      const served = await c().logged(from, (e) => e.uri === '/api/arcades', LIMIT);
      const perProcess = [0, 1, 2].map((p) => served.filter((e) => c().processOf(e) === p).length);
      // No process alone saw anywhere near the limit.
      expect(Math.min(...perProcess)).toBeGreaterThan(0);
      expect(Math.max(...perProcess)).toBeLessThanOrEqual(LIMIT / 2);

      const over = await call(c().url, 'GET', '/api/arcades', { localAddress: client });
      expect(over.status).toBe(429);
      expect(over.as(apiErrorSchema).error.code).toBe('rate_limited');
      const someoneElse = await call(c().url, 'GET', '/api/arcades', {
        localAddress: ownLoopbackAddress(),
      });
      expect(someoneElse.status).toBe(200);
    });

    it('passes the console image uploads (up to 10 MiB) to the app, other large bodies not', async () => {
      const body = new Uint8Array(3 * 1024 * 1024);
      const post = (url: string, contentType: string) =>
        fetch(new URL(url, c().url), {
          method: 'POST',
          headers: { 'content-type': contentType, accept: 'application/json' },
          body,
        });
      // The app's own answer (no token), not nginx's 413 at its 2 MiB default.
      const upload = await post('/api/admin/assets?name=big.png', 'image/png');
      expect(upload.status, c().proxy?.errors()).toBe(401);
      expect(upload.headers.get('content-type')).toContain('application/json');
      const other = await post('/api/v2/user/registration', 'application/json');
      expect(other.status).toBe(413);
    });
  },
);
