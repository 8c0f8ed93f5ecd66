import type { LookupAddress } from 'node:dns';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { pushOutbox, pushSubscriptions } from '../../db/schema';
import { addPlayer, type TestPlayer } from '../../../test/support/arcade';
import { deliver } from './delivery';
import {
  checkEndpoint,
  createPushTransport,
  guardedLookup,
  hostAllowed,
  pushTargetPolicy,
  refusedAddress,
  type PushTargetPolicy,
} from './endpoint-policy';
import { enqueue } from './outbox';
import { pushWorkerOf } from './routes';
import { startPushService, type TestPushService } from '../../../test/support/push-service';
import { createUserAgent } from '../../../test/support/rfc8291';
import { vapidKeys } from './vapid';

const production: PushTargetPolicy = pushTargetPolicy({
  env: 'production',
  pushAllowedHosts: undefined,
});

const INTERNAL = [
  ['127.0.0.1', 'loopback'],
  ['127.8.9.10', 'loopback'],
  ['::1', 'loopback'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['192.168.1.1', 'private'],
  ['::ffff:10.0.0.1', 'private'],
  ['169.254.169.254', 'linkLocal'],
  ['fe80::1', 'linkLocal'],
  ['fd00:ec2::254', 'uniqueLocal'],
  ['100.64.0.1', 'carrierGradeNat'],
  ['0.0.0.0', 'unspecified'],
  ['::', 'unspecified'],
  ['224.0.0.1', 'multicast'],
  ['ff02::1', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['64:ff9b::a00:1', 'rfc6052'],
] as const;

/** A resolver that knows a few names (no network in tests). */
function fakeDns(table: Record<string, string[]>) {
  return async (hostname: string): Promise<LookupAddress[]> => {
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

describe('push target policy', () => {
  it('refuses every internal range and allows public unicast addresses', () => {
    for (const [address, range] of INTERNAL) {
      expect(refusedAddress(address, production), address).toBe(range);
    }
    for (const address of ['142.250.185.74', '2a00:1450:4001:80e::200a']) {
      expect(refusedAddress(address, production), address).toBeNull();
    }
  });

  it('allows loopback only with the development/test allowance', () => {
    const local = pushTargetPolicy({ env: 'test', pushAllowedHosts: undefined });
    expect(local.allowLoopbackPushServiceInDevelopment).toBe(true);
    expect(refusedAddress('127.0.0.1', local)).toBeNull();
    expect(refusedAddress('::1', local)).toBeNull();
    expect(refusedAddress('10.0.0.1', local)).toBe('private');
    expect(refusedAddress('169.254.169.254', local)).toBe('linkLocal');
    expect(production.allowLoopbackPushServiceInDevelopment).toBe(false);
    expect(production.allowHttp).toBe(false);
  });

  it('limits endpoints to the configured push services, at label boundaries', () => {
    const allowed = ['fcm.googleapis.com', '.notify.windows.com', 'web.push.apple.com'];
    for (const host of ['fcm.googleapis.com', 'FCM.googleapis.com.', 'db5.notify.windows.com']) {
      expect(hostAllowed(host, allowed), host).toBe(true);
    }
    for (const host of [
      'evilfcm.googleapis.com',
      'fcm.googleapis.com.evil.example',
      'notify.windows.com',
      'push.services.mozilla.com',
    ]) {
      expect(hostAllowed(host, allowed), host).toBe(false);
    }
    expect(hostAllowed('anything.example', undefined)).toBe(true);
  });

  it('checks what a host resolves to when subscribing', async () => {
    const dns = fakeDns({
      'push.example.org': ['142.250.185.74'],
      'mixed.example.org': ['142.250.185.74', '10.0.0.7'],
      'metadata.example.org': ['169.254.169.254'],
    });
    await expect(checkEndpoint('https://push.example.org/x', production, dns)).resolves.toBe(
      undefined,
    );
    await expect(checkEndpoint('https://mixed.example.org/x', production, dns)).rejects.toThrow(
      /private/,
    );
    await expect(checkEndpoint('https://metadata.example.org/x', production, dns)).rejects.toThrow(
      /linkLocal/,
    );
    await expect(checkEndpoint('https://nowhere.example.org/x', production, dns)).rejects.toThrow(
      /does not resolve/,
    );
    await expect(checkEndpoint('http://push.example.org/x', production, dns)).rejects.toThrow(
      /https/,
    );
    const limited = { ...production, allowedHosts: ['fcm.googleapis.com'] };
    await expect(checkEndpoint('https://push.example.org/x', limited, dns)).rejects.toThrow(
      /allowed push service/,
    );
  });
});

describe('push delivery connects only to allowed addresses', () => {
  let t: TestApp;
  let service: TestPushService;
  beforeAll(async () => {
    t = await createTestApp();
    service = await startPushService();
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  it('refuses at connect time a name that now resolves to loopback (rebinding), sends otherwise', async () => {
    const keys = await vapidKeys(t.db, t.config);
    const ua = createUserAgent();
    const sub = ua.subscription(`http://push.rebound.test:${service.port}/push/rebound`);
    const subscription = { endpoint: sub.endpoint, ...sub.keys };
    const message = { title: 'T', body: 'B', url: '/', tag: 'x' };
    // The name resolves to 127.0.0.1, where the push service listens.
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    const send = async (policy: PushTargetPolicy) => {
      const transport = createPushTransport(policy, guardedLookup(policy, resolve));
      try {
        return await deliver(subscription, message, {
          vapid: keys,
          subject: 'mailto:a@b.c',
          timeoutMs: 5000,
          ttlSeconds: 60,
          transport,
        });
      } finally {
        transport.close();
      }
    };
    // http allowed (to reach the plain-http test service), loopback not: refused, nothing sent.
    const refused = await send({ ...production, allowHttp: true });
    expect(refused).toEqual({ outcome: 'fatal', error: expect.stringMatching(/loopback/) });
    expect(service.received).toHaveLength(0);
    // The same request with the test allowance reaches the service: the lookup made the difference.
    const sent = await send(pushTargetPolicy({ env: 'test', pushAllowedHosts: undefined }));
    expect(sent).toEqual({ outcome: 'sent' });
    expect(service.received).toHaveLength(1);
  });
});

describe('push endpoints in production', () => {
  let t: TestApp;
  let service: TestPushService;
  let neo: TestPlayer;
  const SUBS = '/api/push/subscriptions';

  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production' } });
    service = await startPushService();
    neo = await addPlayer(t, 'Neo');
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  it('refuses http, internal addresses and names resolving to them, with the field; writes nothing', async () => {
    const ua = createUserAgent();
    for (const endpoint of [
      `http://127.0.0.1:${service.port}/internal`,
      `https://127.0.0.1:${service.port}/internal`,
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]:5432/',
      'https://10.0.0.8/push',
      'https://0.0.0.0/push',
      'https://[fd00:ec2::254]/push',
      'https://100.64.1.1/push',
      'https://[::ffff:7f00:1]/push',
      'https://localhost/push',
      'https://user:pw@fcm.googleapis.com/push',
    ]) {
      const res = await t.request('POST', SUBS, {
        token: neo.token,
        body: ua.subscription(endpoint),
      });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.error.details, endpoint).toEqual([
        { path: 'endpoint', message: expect.any(String) },
      ]);
    }
    expect(await t.counts('push_subscriptions')).toEqual({ push_subscriptions: 0 });
  });

  it('never sends to a stored endpoint that is internal now, and gives the push up', async () => {
    // Stored before the rules (or resolved elsewhere then): the worker checks again.
    const ua = createUserAgent();
    for (const endpoint of [
      `http://127.0.0.1:${service.port}/push/plain`,
      `https://localhost:${service.port}/push/by-name`,
    ]) {
      await t.db.insert(pushSubscriptions).values({
        userId: neo.id,
        endpoint,
        p256dh: ua.subscription(endpoint).keys.p256dh,
        auth: ua.subscription(endpoint).keys.auth,
      });
    }
    await t.db.transaction((tx) =>
      enqueue(tx, 'friend_added', [neo.id], {
        de: { title: 'T', body: 'B', url: '/', tag: 'x' },
        en: { title: 'T', body: 'B', url: '/', tag: 'x' },
      }),
    );
    await pushWorkerOf(t.app)!.drain();
    const rows = await t.db.select().from(pushOutbox).where(eq(pushOutbox.userId, neo.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.sentAt).toBeNull();
      expect(row.lastError).toMatch(/^endpoint refused: /);
    }
    expect(rows.map((r) => r.lastError).join(' ')).toMatch(/loopback/);
    expect(service.received).toHaveLength(0);
  });
});
