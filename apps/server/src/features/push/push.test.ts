import { eq, gt, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import {
  appSettings,
  maps,
  notifications,
  pushOutbox,
  pushSubscriptions,
  users,
} from '../../db/schema';
import { createEventBus } from '../../events/map';
import { renderRowsWrite } from '../../events/rows-write';
import { ingestGame } from '../games';
import { richTextFromMarkdown } from '../news';
import { publishNews } from '../news';
import { notifyMatchResult } from './events';
import { newsMessage } from './messages';
import { enqueue, enqueueEachStatement, removeGoneSubscription } from './outbox';
import { pushWorkerOf } from './routes';
import { failingWrite } from '../../../test/support/arcade';
import { startPushService, type TestPushService } from '../../../test/support/push-service';
import {
  createUserAgent,
  decryptWebPush,
  verifyVapid,
  type UserAgent,
} from '../../../test/support/rfc8291';
import { vapidKeys } from './vapid';
import type { PushWorker } from './worker';

interface Player {
  id: string;
  token: string;
  name: string;
  ua: UserAgent;
}

const SUBS = '/api/push/subscriptions';

describe('web push', () => {
  let t: TestApp;
  let service: TestPushService;
  let worker: PushWorker;
  let neo: Player;
  let trinity: Player;
  let morpheus: Player;

  const register = async (username: string, language: 'de' | 'en'): Promise<Player> => {
    const token = await t.issuer.mint(`sub-${username}`);
    const res = await t.request('POST', '/api/v2/user/registration', {
      token,
      body: { username, mail: `${username}@example.com`, agb: true },
    });
    expect(res.status).toBe(201);
    await t.db.update(users).set({ language }).where(eq(users.id, res.body.id));
    return { id: res.body.id, token, name: username, ua: createUserAgent() };
  };
  const subscribe = async (player: Player, name = player.name) => {
    const res = await t.request('POST', SUBS, {
      token: player.token,
      body: player.ua.subscription(service.endpoint(name)),
    });
    expect(res.status).toBe(201);
  };
  /** Waits for the pushes, checks VAPID and decrypts each with the player's keys. */
  const messagesFor = async (player: Player, count = 1, name = player.name) => {
    const pushes = await service.waitFor(count, name);
    const { publicKey } = (await t.request('GET', '/api/push/public-key')).body;
    return Promise.all(
      pushes.map(async (push) => {
        expect(push.headers['content-encoding']).toBe('aes128gcm');
        expect(Number(push.headers.ttl)).toBeGreaterThan(0);
        const vapid = await verifyVapid(push.headers.authorization, service.endpoint(name));
        expect(vapid.publicKey).toBe(publicKey);
        expect(vapid.claims.sub).toBe('mailto:support@arcadia.local');
        return JSON.parse(decryptWebPush(push.body, player.ua).toString('utf8'));
      }),
    );
  };
  const outboxRows = () => t.db.select().from(pushOutbox).orderBy(pushOutbox.id);

  beforeAll(async () => {
    t = await createTestApp();
    worker = pushWorkerOf(t.app)!;
    worker.configure({ intervalMs: 20, backoffBaseMs: 50, backoffMaxMs: 200 });
    service = await startPushService();
    neo = await register('Neo', 'de');
    trinity = await register('Trinity', 'en');
    morpheus = await register('Morpheus', 'de');
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });
  beforeEach(async () => {
    await worker.drain();
    service.received.length = 0;
  });

  it('publishes the VAPID key generated on the first start and kept in app_settings', async () => {
    const res = await t.request('GET', '/api/push/public-key');
    expect(res.status).toBe(200);
    expect(Buffer.from(res.body.publicKey, 'base64url')).toHaveLength(65);
    const [stored] = await t.db.select().from(appSettings).where(eq(appSettings.key, 'vapid'));
    expect(stored!.value).toMatchObject({ publicKey: res.body.publicKey });
    // Asked again (another start, another process), it is the same pair.
    expect((await vapidKeys(t.db, t.config)).publicKey).toBe(res.body.publicKey);
    // Configured keys win, and bad ones stop the start with the variable's name.
    const configured = webpush.generateVAPIDKeys();
    expect(await vapidKeys(t.db, { ...t.config, vapid: configured })).toEqual(configured);
    await expect(
      vapidKeys(t.db, { ...t.config, vapid: { publicKey: 'nope', privateKey: 'nope' } }),
    ).rejects.toThrow(/^VAPID_PUBLIC_KEY\/VAPID_PRIVATE_KEY: /);
  });

  it('refuses bad subscriptions with the fields, and writes nothing', async () => {
    const good = neo.ua.subscription(service.endpoint('bad'));
    const cases: Array<[unknown, string[]]> = [
      [{ ...good, endpoint: 'javascript:alert(1)' }, ['endpoint']],
      [{ ...good, keys: { p256dh: 'short', auth: good.keys.auth } }, ['keys.p256dh']],
      [{ ...good, keys: { p256dh: good.keys.p256dh, auth: 'x' } }, ['keys.auth']],
      [{ endpoint: good.endpoint }, ['keys']],
      // Well-formed, but not a point on the curve.
      [{ ...good, keys: { p256dh: `B${'A'.repeat(86)}`, auth: good.keys.auth } }, ['keys.p256dh']],
    ];
    for (const [body, paths] of cases) {
      const res = await t.request('POST', SUBS, { token: neo.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details.map((d: any) => d.path)).toEqual(paths);
    }
    expect((await t.request('POST', SUBS, { body: good })).status).toBe(401);
    const stranger = await t.issuer.mint('sub-not-registered');
    expect((await t.request('POST', SUBS, { token: stranger, body: good })).status).toBe(404);
    expect(await t.counts('push_subscriptions')).toEqual({ push_subscriptions: 0 });
  });

  it('keeps an endpoint once: subscribing it again moves it to the caller', async () => {
    const endpoint = service.endpoint('shared-browser');
    for (const player of [neo, trinity]) {
      const res = await t.request('POST', SUBS, {
        token: player.token,
        body: player.ua.subscription(endpoint),
      });
      expect(res.status).toBe(201);
    }
    const rows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows.map((r) => [r.userId, r.p256dh])).toEqual([
      [trinity.id, trinity.ua.publicKey.toString('base64url')],
    ]);

    // Only one's own endpoint can be removed.
    const foreign = await t.request('DELETE', SUBS, { token: neo.token, body: { endpoint } });
    expect(foreign.status).toBe(404);
    const own = await t.request('DELETE', SUBS, { token: trinity.token, body: { endpoint } });
    expect(own).toMatchObject({ status: 200, body: { success: true } });
    const again = await t.request('DELETE', SUBS, { token: trinity.token, body: { endpoint } });
    expect(again.status).toBe(404);
    expect(await t.counts('push_subscriptions')).toEqual({ push_subscriptions: 0 });
  });

  it('sends "added you as a friend" encrypted as RFC 8291 says, in the player\u2019s language', async () => {
    await subscribe(trinity);
    await subscribe(neo);

    const added = await t.request('POST', '/api/user/me/friends', {
      token: neo.token,
      body: { friendId: trinity.id },
    });
    expect(added.status).toBe(201);
    expect(await messagesFor(trinity)).toEqual([
      {
        title: 'New friend',
        body: 'Neo added you as a friend.',
        url: `/profile/${neo.id}`,
        tag: `friend-${neo.id}`,
      },
    ]);

    await t.request('POST', '/api/v2/user/me/friends', {
      token: trinity.token,
      body: { friendToAddId: neo.id },
    });
    expect(await messagesFor(neo)).toEqual([
      {
        title: 'Neuer Freund',
        body: 'Trinity hat dich als Freund hinzugefügt.',
        url: `/profile/${trinity.id}`,
        tag: `friend-${trinity.id}`,
      },
    ]);
    // A message for one key cannot be read with another's.
    const [push] = await service.waitFor(1, neo.name);
    expect(() => decryptWebPush(push!.body, trinity.ua)).toThrow();
    await worker.drain();
    const rows = await outboxRows();
    expect(rows.every((r) => r.sentAt !== null && r.kind === 'friend_added')).toBe(true);
  });

  it('enqueues the friend notification in the friendship\u2019s transaction', async () => {
    const before = await t.counts('friendships', 'push_outbox');
    // A handler after ours fails: the friendship and the notification roll back together.
    const unsubscribe = t.app.events.on('friend.added', async () => {
      throw new Error('boom');
    });
    try {
      const res = await t.request('POST', '/api/user/me/friends', {
        token: morpheus.token,
        body: { friendId: trinity.id },
      });
      expect(res.status).toBe(500);
    } finally {
      unsubscribe();
    }
    expect(await t.counts('friendships', 'push_outbox')).toEqual(before);
    // Without the failing hook the same request stores both.
    await worker.stop();
    try {
      const res = await t.request('POST', '/api/user/me/friends', {
        token: morpheus.token,
        body: { friendId: trinity.id },
      });
      expect(res.status).toBe(201);
      const pending = (await outboxRows()).filter((r) => r.sentAt === null);
      expect(pending).toHaveLength(1);
      expect(pending[0]).toMatchObject({
        userId: trinity.id,
        kind: 'friend_added',
        payload: {
          endpoint: service.endpoint(trinity.name),
          message: { title: 'New friend', body: 'Morpheus added you as a friend.' },
        },
      });
    } finally {
      worker.start();
    }
    await messagesFor(trinity);
  });

  it('tells a player once a day that the same player added them: removing and adding again rings nothing', async () => {
    await subscribe(morpheus);
    const tagged = (rows: Array<{ userId: string | null; kind: string }>) =>
      rows.filter((r) => r.userId === morpheus.id && r.kind === 'friend_added');
    const bell = () => t.db.select().from(notifications).orderBy(notifications.id);
    const friendOf = async () =>
      t.request('POST', '/api/user/me/friends', {
        token: trinity.token,
        body: { friendId: morpheus.id },
      });
    expect((await friendOf()).status).toBe(201);
    expect(await messagesFor(morpheus)).toHaveLength(1);
    expect(tagged(await bell())).toHaveLength(1);
    for (let i = 0; i < 3; i += 1) {
      const removed = await t.request('DELETE', `/api/user/me/friends/${morpheus.id}`, {
        token: trinity.token,
      });
      expect(removed.status).toBe(200);
      expect((await friendOf()).status).toBe(201);
    }
    await worker.drain();
    expect(tagged(await outboxRows())).toHaveLength(1);
    expect(tagged(await bell())).toHaveLength(1);
    // A day later the same add is news again.
    await t.db.execute(
      sql`update notifications set created_at = now() - interval '25 hours' where user_id = ${morpheus.id}`,
    );
    await t.db.execute(
      sql`update push_outbox set created_at = now() - interval '25 hours' where user_id = ${morpheus.id}`,
    );
    await t.request('DELETE', `/api/user/me/friends/${morpheus.id}`, { token: trinity.token });
    expect((await friendOf()).status).toBe(201);
    expect(await messagesFor(morpheus)).toHaveLength(1);
    expect(tagged(await bell())).toHaveLength(2);
  });

  it('tells every player of a stored game their result, enqueued inside the ingest transaction', async () => {
    await t.db
      .insert(maps)
      .values({
        id: 'neon-docks',
        applicationId: 'commando',
        name: 'Neon Docks',
        iconPath: '/x.svg',
      })
      .onConflictDoNothing();
    const device = { arcadeId: 'test-arcade', id: 'arena-1', applicationId: 'commando' };
    const report = (key: string) => ({
      idempotencyKey: key,
      type: 'freeforall' as const,
      mapId: 'neon-docks',
      durationSeconds: 600,
      teams: [],
      players: [
        { userId: neo.id, kills: 12, deaths: 3, score: 4200 },
        { userId: trinity.id, kills: 5, deaths: 9, score: 1800 },
        { guestName: 'Gast', kills: 1, deaths: 1, score: 100 },
      ],
    });

    // A handler after ours whose write fails (a user that does not exist): no game and no
    // notification.
    const failing = createEventBus();
    failing.on('game.stored', notifyMatchResult);
    failing.on('game.stored', (statement, game) => statement.write(failingWrite(game.id)));
    const before = await t.counts('games', 'push_outbox');
    await expect(ingestGame(t.db, failing, device, report('game-rolled-back'))).rejects.toThrow();
    expect(await t.counts('games', 'push_outbox')).toEqual(before);

    const { game } = await ingestGame(t.db, t.app.events, device, report('game-stored-1'));
    // With the result come the achievements it unlocked (docs/achievements.md): Neo's first game
    // and first win, Trinity's first game, each in the player's language.
    const neoPushes = await messagesFor(neo, 3);
    const trinityPushes = await messagesFor(trinity, 2);
    const isResult = (m: { tag: string }) => m.tag.startsWith('game-');
    const isAchievement = (m: { tag: string }) => m.tag.startsWith('achievement-');
    const forNeo = neoPushes.find(isResult);
    const forTrinity = trinityPushes.find(isResult);
    expect(
      neoPushes
        .filter(isAchievement)
        .map((m) => m.title)
        .sort(),
    ).toEqual(['Erfolg freigeschaltet: Erster Sieg', 'Erfolg freigeschaltet: Erstes Spiel']);
    expect(trinityPushes.filter(isAchievement)).toEqual([
      {
        title: 'Achievement unlocked: First game',
        body: 'Congratulations! You find it with your achievements on your profile.',
        url: `/profile/${trinity.id}#achievements`,
        tag: 'achievement-first-game',
      },
    ]);
    expect(forNeo).toEqual({
      title: 'Dein Spielergebnis ist da',
      body: 'Gewonnen! 4.200 Punkte, 12 Kills, 3 Deaths.',
      url: `/game/${game.id}`,
      tag: `game-${game.id}`,
    });
    expect(forTrinity).toEqual({
      title: 'Your match result is in',
      body: 'You lost – 1,800 points, 5 kills, 9 deaths. Next time!',
      url: `/game/${game.id}`,
      tag: `game-${game.id}`,
    });
  });

  it('announces a new article to every subscriber in their language', async () => {
    await subscribe(morpheus);
    const content = richTextFromMarkdown('Text');
    await publishNews(t.db, t.app.events, {
      slug: 'push-test-artikel',
      translations: {
        de: { title: 'Großes Finale', abstract: 'Kurz', content },
        en: { title: 'Grand final', abstract: 'Short', content },
      },
    });
    const expected = (body: string, title: string) => [
      { title, body, url: '/news/push-test-artikel', tag: 'news-push-test-artikel' },
    ];
    expect(await messagesFor(neo)).toEqual(expected('Großes Finale', 'Neuer Artikel'));
    expect(await messagesFor(morpheus)).toEqual(expected('Großes Finale', 'Neuer Artikel'));
    expect(await messagesFor(trinity)).toEqual(expected('Grand final', 'New article'));
  });

  it('removes a subscription the push service says is gone (410 and 404)', async () => {
    for (const [status, name] of [
      [410, 'gone-410'],
      [404, 'gone-404'],
    ] as const) {
      await subscribe(morpheus, name);
      service.answer(name, status);
      await t.request('POST', '/api/user/me/friends', {
        token: neo.token,
        body: { friendId: morpheus.id },
      });
      await until(async () => {
        const rows = await t.db
          .select()
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.endpoint, service.endpoint(name)));
        return rows.length === 0;
      });
      // The delivery to the gone endpoint is dropped; the other device still got its message.
      await worker.drain();
      const left = (await outboxRows()).filter(
        (r) => (r.payload as { endpoint: string }).endpoint === service.endpoint(name),
      );
      expect(left).toEqual([]);
      await t.db.execute(sql`delete from friendships where user_id = ${neo.id}::uuid`);
      // The next add is a day later: the same player's add is told once a day at most.
      await t.db.execute(
        sql`update push_outbox set created_at = now() - interval '25 hours' where user_id = ${morpheus.id}::uuid`,
      );
    }
    expect((await messagesFor(morpheus, 2)).map((m) => m.title)).toEqual([
      'Neuer Freund',
      'Neuer Freund',
    ]);
  });

  it('enqueues nothing for a suspended player', async () => {
    await subscribe(morpheus, 'suspended');
    await subscribe(trinity, 'not-suspended');
    await worker.stop();
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, morpheus.id));
    try {
      const before = (await outboxRows()).length;
      await t.db.transaction(async (tx) => {
        await enqueue(
          tx,
          'news',
          [morpheus.id, trinity.id],
          newsMessage('gesperrt', { de: 'Gesperrt' }),
        );
        await enqueue(tx, 'news', 'all-subscribers', newsMessage('gesperrt', { de: 'Gesperrt' }));
        const each = enqueueEachStatement('match_result', [
          { userId: morpheus.id, message: newsMessage('gesperrt', { de: 'Gesperrt' }) },
          { userId: trinity.id, message: newsMessage('gesperrt', { de: 'Gesperrt' }) },
        ]);
        await tx.execute(renderRowsWrite(each!));
      });
      const added = (await outboxRows()).slice(before);
      expect(added.length).toBeGreaterThan(0);
      expect(added.filter((r) => r.userId === morpheus.id)).toEqual([]);
      expect(new Set(added.filter((r) => r.userId === trinity.id).map((r) => r.kind))).toEqual(
        new Set(['news', 'match_result']),
      );
      await t.db.delete(pushOutbox).where(gt(pushOutbox.id, added[0]!.id - 1));
    } finally {
      await t.db.update(users).set({ suspendedAt: null }).where(eq(users.id, morpheus.id));
      worker.start();
    }
  });

  it('removes a gone subscription and its delivery together, or neither', async () => {
    await subscribe(morpheus, 'gone-atomic');
    const endpoint = service.endpoint('gone-atomic');
    // Already sent, so the worker leaves it alone; only removeGoneSubscription touches it.
    const [row] = await t.db
      .insert(pushOutbox)
      .values({ userId: morpheus.id, kind: 'news', payload: { endpoint }, sentAt: new Date() })
      .returning({ id: pushOutbox.id });
    const subscriptions = () =>
      t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    await t.db.execute(sql`
      create function refuse_outbox_delete() returns trigger language plpgsql as
        $$ begin raise exception 'outbox row held'; end $$`);
    await t.db.execute(sql`
      create trigger refuse_outbox_delete before delete on push_outbox
        for each row execute function refuse_outbox_delete()`);
    try {
      await expect(removeGoneSubscription(t.db, endpoint, row!.id)).rejects.toThrow();
      // The delivery's removal failed, so the subscription's was rolled back with it.
      expect(await subscriptions()).toHaveLength(1);
    } finally {
      await t.db.execute(sql`drop trigger refuse_outbox_delete on push_outbox`);
      await t.db.execute(sql`drop function refuse_outbox_delete()`);
    }
    await removeGoneSubscription(t.db, endpoint, row!.id);
    expect(await subscriptions()).toEqual([]);
    expect((await outboxRows()).filter((r) => r.id === row!.id)).toEqual([]);
  });

  it('deletes the subscriptions and pending notifications with the profile', async () => {
    await worker.stop();
    try {
      await t.request('POST', '/api/user/me/friends', {
        token: trinity.token,
        body: { friendId: morpheus.id },
      });
      const mine = await t.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, morpheus.id));
      expect(mine.length).toBeGreaterThan(0);
      const res = await t.request('DELETE', `/api/v2/user/${morpheus.id}`, {
        token: morpheus.token,
      });
      expect(res.status).toBe(200);
      const left = await t.db.execute<{ n: number }>(sql`
        select (select count(*) from push_subscriptions where user_id = ${morpheus.id}::uuid)
             + (select count(*) from push_outbox where user_id = ${morpheus.id}::uuid) as n`);
      expect(Number(left.rows[0]!.n)).toBe(0);
    } finally {
      worker.start();
    }
  });
});

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
