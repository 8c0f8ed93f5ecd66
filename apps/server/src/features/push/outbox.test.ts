import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { TEST_AUDIENCE } from '../../../test/support/issuer';
import { buildApp } from '../../app';
import { pushOutbox, pushSubscriptions, users } from '../../db/schema';
import { remoteVerifier } from '../../plugins/auth';
import { friendAddedMessage } from './messages';
import { enqueue, pruneOld } from './outbox';
import { pushWorkerOf } from './routes';
import { createPushTransport, pushTargetPolicy } from './endpoint-policy';
import {
  freePort,
  startPushService,
  type TestPushService,
} from '../../../test/support/push-service';
import { createUserAgent, decryptWebPush, type UserAgent } from '../../../test/support/rfc8291';
import { vapidKeys } from './vapid';
import { backoffMs, DEFAULT_PUSH_WORKER_OPTIONS, PushWorker } from './worker';

interface Player {
  id: string;
  token: string;
  ua: UserAgent;
}

const FAST = { intervalMs: 20, backoffBaseMs: 40, backoffMaxMs: 200, maxAttempts: 50 };
const FAST_BATCH = DEFAULT_PUSH_WORKER_OPTIONS.batchSize;

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function setup(t: TestApp, names: [string, string]): Promise<[Player, Player]> {
  const register = async (username: string): Promise<Player> => {
    const token = await t.issuer.mint(`sub-${username}`);
    const res = await t.request('POST', '/api/v2/user/registration', {
      token,
      body: { username, mail: `${username}@example.com`, agb: true },
    });
    expect(res.status).toBe(201);
    return { id: res.body.id as string, token, ua: createUserAgent() };
  };
  return [await register(names[0]), await register(names[1])];
}

describe('push outbox', () => {
  it('backs off exponentially up to a ceiling, with a little jitter', () => {
    const o = { ...DEFAULT_PUSH_WORKER_OPTIONS, backoffBaseMs: 1000, backoffMaxMs: 60_000 };
    expect([1, 2, 3, 4].map((n) => backoffMs(n, o, () => 0))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffMs(3, o, () => 1)).toBe(4800);
    expect(backoffMs(20, o, () => 1)).toBe(60_000);
  });

  describe('retries', () => {
    let t: TestApp;
    let service: TestPushService;
    let neo: Player;
    let trinity: Player;
    const rows = () => t.db.select().from(pushOutbox).orderBy(pushOutbox.id);

    beforeAll(async () => {
      t = await createTestApp();
      pushWorkerOf(t.app)!.configure(FAST);
      service = await startPushService();
      [neo, trinity] = await setup(t, ['Neo', 'Trinity']);
      const res = await t.request('POST', '/api/push/subscriptions', {
        token: trinity.token,
        body: trinity.ua.subscription(service.endpoint('trinity')),
      });
      expect(res.status).toBe(201);
    });
    afterAll(async () => {
      await t.close();
      await service.close();
    });

    it('never fails the request: a failing push service is retried until it answers', async () => {
      service.answer('trinity', 503);
      const res = await t.request('POST', '/api/user/me/friends', {
        token: neo.token,
        body: { friendId: trinity.id },
      });
      expect(res.status).toBe(201);
      await until(async () => ((await rows())[0]?.attempts ?? 0) >= 3);
      const [failing] = await rows();
      expect(failing).toMatchObject({ sentAt: null, lastError: 'push service answered 503' });

      service.answer('trinity', 201);
      const [push] = await service.waitFor(1, 'trinity');
      expect(JSON.parse(decryptWebPush(push!.body, trinity.ua).toString())).toMatchObject({
        body: 'Neo hat dich als Freund hinzugefügt.',
      });
      await until(async () => (await rows())[0]?.sentAt !== null);
      expect((await rows())[0]!.lastError).toBeNull();
    });

    it('gives up after the maximum number of attempts and keeps the row', async () => {
      const worker = pushWorkerOf(t.app)!;
      worker.configure({ maxAttempts: 3 });
      try {
        service.answer('trinity', 500);
        await t.db.transaction((tx) =>
          enqueue(tx, 'friend_added', [trinity.id], friendAddedMessage(neo.id, 'Neo')),
        );
        const id = (await rows()).at(-1)!.id;
        const row = async () => (await rows()).find((r) => r.id === id)!;
        await until(async () => (await row()).attempts >= 3);
        const seen = service.received.length;
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(await row()).toMatchObject({ attempts: 3, sentAt: null });
        expect(service.received.length).toBe(seen);
      } finally {
        worker.configure({ maxAttempts: FAST.maxAttempts });
        service.answer('trinity', 201);
      }
    });

    it('a permanent refusal (400) is not retried', async () => {
      service.answer('trinity', 400);
      try {
        await t.db.transaction((tx) =>
          enqueue(tx, 'friend_added', [trinity.id], friendAddedMessage(neo.id, 'Neo')),
        );
        const id = (await rows()).at(-1)!.id;
        await until(async () => (await rows()).find((r) => r.id === id)!.lastError !== null);
        expect((await rows()).find((r) => r.id === id)).toMatchObject({
          attempts: FAST.maxAttempts,
          sentAt: null,
          lastError: 'push service answered 400',
        });
      } finally {
        service.answer('trinity', 201);
      }
    });

    it('forgets delivered and given-up rows after the retention time, never pending ones', async () => {
      const old = new Date(Date.now() - 8 * 86_400_000);
      const payload = {
        endpoint: 'https://push.example/x',
        message: friendAddedMessage(neo.id, 'Neo').de,
      };
      const inserted = await t.db
        .insert(pushOutbox)
        .values([
          { userId: trinity.id, kind: 'news', payload, createdAt: old, sentAt: old },
          { userId: trinity.id, kind: 'news', payload, createdAt: old, attempts: FAST.maxAttempts },
          {
            userId: trinity.id,
            kind: 'news',
            payload,
            createdAt: old,
            attempts: 2,
            nextAttemptAt: new Date(Date.now() + 3_600_000),
          },
          { userId: trinity.id, kind: 'news', payload, sentAt: new Date() },
        ])
        .returning({ id: pushOutbox.id });
      expect(await pruneOld(t.db, 7 * 86_400_000, FAST.maxAttempts)).toBe(2);
      const left = (await rows()).map((r) => r.id);
      expect(inserted.map((r) => left.includes(r.id))).toEqual([false, false, true, true]);
      await t.db.delete(pushOutbox).where(
        inArray(
          pushOutbox.id,
          inserted.map((r) => r.id),
        ),
      );
    });

    it('a push service that hangs holds back only its own pushes, not the others', async () => {
      const worker = pushWorkerOf(t.app)!;
      worker.configure({ batchSize: 4, timeoutMs: 30_000 });
      const res = await t.request('POST', '/api/push/subscriptions', {
        token: neo.token,
        body: neo.ua.subscription(service.endpoint('neo-hung')),
      });
      expect(res.status).toBe(201);
      service.answer('neo-hung', 0);
      try {
        const before = service.received.length;
        await t.db.transaction(async (tx) => {
          await enqueue(tx, 'friend_added', [neo.id], friendAddedMessage(trinity.id, 'Trinity'));
          for (let i = 0; i < 6; i += 1)
            await enqueue(tx, 'friend_added', [trinity.id], friendAddedMessage(neo.id, `Q${i}`));
        });
        // All six reach Trinity while the push to Neo's hung service is still waiting (before,
        // the worker claimed no more rows until every push of its batch had ended).
        await service.waitFor(before + 6, undefined, 10_000);
        const hung = (await rows()).filter((r) => r.userId === neo.id && r.sentAt === null);
        expect(hung).toHaveLength(1);
      } finally {
        // The held push ends now (gone: its subscription and row go), so no later test waits
        // for it.
        service.answer('neo-hung', 410);
        await worker.drain();
        await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, neo.id));
        worker.configure({
          batchSize: FAST_BATCH,
          timeoutMs: DEFAULT_PUSH_WORKER_OPTIONS.timeoutMs,
        });
      }
    });

    it('lets several workers share the outbox without sending any row twice', async () => {
      const before = service.received.length;
      await t.db.update(users).set({ language: 'en' }).where(eq(users.id, trinity.id));
      await t.db.transaction(async (tx) => {
        for (let i = 0; i < 30; i += 1)
          await enqueue(tx, 'friend_added', [trinity.id], friendAddedMessage(neo.id, `P${i}`));
      });
      // The app's own worker and two more, as if in other processes, all at once.
      const keys = await vapidKeys(t.db, t.config);
      const others = [1, 2].map(
        () =>
          new PushWorker(
            t.db,
            {
              vapid: keys,
              subject: 'mailto:a@b.c',
              transport: createPushTransport(pushTargetPolicy(t.config)),
            },
            t.app.log,
            { ...FAST, batchSize: 4 },
          ),
      );
      await Promise.all(others.map((w) => w.drain()));
      await pushWorkerOf(t.app)!.drain();
      const pushes = service.received.slice(before);
      const bodies = pushes.map(
        (p) => JSON.parse(decryptWebPush(p.body, trinity.ua).toString()).body as string,
      );
      expect(bodies).toHaveLength(30);
      expect(new Set(bodies).size).toBe(30);
      expect(bodies).toContain('P29 added you as a friend.');
    });
  });

  describe('across a restart', () => {
    let t: TestApp;
    let second: FastifyInstance | undefined;
    let service: TestPushService | undefined;

    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await second?.close();
      await service?.close();
      await t.close();
    });

    it('keeps a push for a service that is down, and delivers it after the server restarted', async () => {
      pushWorkerOf(t.app)!.configure(FAST);
      const [neo, trinity] = await setup(t, ['Neo', 'Trinity']);
      const port = await freePort();
      const endpoint = `http://127.0.0.1:${port}/push/trinity`;
      const sub = await t.request('POST', '/api/push/subscriptions', {
        token: trinity.token,
        body: trinity.ua.subscription(endpoint),
      });
      expect(sub.status).toBe(201);

      const res = await t.request('POST', '/api/user/me/friends', {
        token: neo.token,
        body: { friendId: trinity.id },
      });
      expect(res.status).toBe(201);
      const rows = () => t.db.select().from(pushOutbox);
      await until(async () => ((await rows())[0]?.attempts ?? 0) >= 2);
      expect((await rows())[0]).toMatchObject({ sentAt: null });
      expect((await rows())[0]!.lastError).toMatch(/fetch failed|ECONNREFUSED/);

      // The server goes away; the database (and the outbox in it) stays.
      await t.app.close();
      second = await buildApp({
        config: t.config,
        database: t.testDb.database,
        logger: false,
        verifier: remoteVerifier(t.issuer.issuer, TEST_AUDIENCE),
      });
      pushWorkerOf(second)!.configure(FAST);
      service = await startPushService(port);
      await second.ready();

      const [push] = await service.waitFor(1);
      expect(push!.path).toBe('/push/trinity');
      expect(JSON.parse(decryptWebPush(push!.body, trinity.ua).toString())).toEqual({
        title: 'Neuer Freund',
        body: 'Neo hat dich als Freund hinzugefügt.',
        url: `/profile/${neo.id}`,
        tag: `friend-${neo.id}`,
      });
      await until(async () => (await rows())[0]?.sentAt !== null);
      expect(service.received).toHaveLength(1);
    });
  });
});
