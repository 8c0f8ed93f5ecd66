import { randomInt } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { redisAnswers, TEST_REDIS_URL } from '../../test/support/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/app';

const REDIS_URL = TEST_REDIS_URL;

const available = await redisAnswers();
if (!available)
  console.warn(`SKIPPING the shared rate-limit test: no Redis answers at ${REDIS_URL}`);

describe.skipIf(!available)('rate limit shared through Redis (REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  let elsewhere: TestApp;
  // Each run plays its own client address, so runs and projects sharing the Redis never meet.
  const client = `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`;
  const env = { REDIS_URL, RATE_LIMIT_MAX: '3', TRUST_PROXY: 'true' };

  beforeAll(async () => {
    a = await createTestApp({ env });
    b = await createTestApp({ env });
    // Another deployment on the same Redis: its own key prefix.
    elsewhere = await createTestApp({
      env: { ...env, REDIS_KEY_PREFIX: `other-${randomInt(1_000_000)}:` },
    });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await elsewhere?.close();
  });

  it('counts requests to every process against one limit', async () => {
    const headers = { 'x-forwarded-for': client };
    expect((await a.request('GET', '/api/arcades', { headers })).status).toBe(200);
    expect((await a.request('GET', '/api/arcades', { headers })).status).toBe(200);
    expect((await b.request('GET', '/api/arcades', { headers })).status).toBe(200);
    // Process b has seen one request itself; only the shared counter knows this is the fourth.
    const limited = await b.request('GET', '/api/arcades', { headers });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    // The same client at a deployment with another REDIS_KEY_PREFIX: counted apart.
    expect((await elsewhere.request('GET', '/api/arcades', { headers })).status).toBe(200);
  });
});

describe.skipIf(!available)('identity provider limits shared through Redis (REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  const client = `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`;
  // One sign-in, sign-up or reset per address in 10 minutes; ten token requests.
  // A key prefix of this run's own: earlier runs' keys stay in Redis until they expire.
  const prefix = `arcadia-test-${randomInt(1_000_000_000)}:`;
  const env = {
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    AUTH_RATE_LIMIT_MAX: '1',
    TRUST_PROXY: 'true',
  };

  beforeAll(async () => {
    a = await createTestApp({ env, embeddedIdentity: true });
    b = await createTestApp({ env, embeddedIdentity: true });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('counts token requests to every process against one limit', async () => {
    const token = (t: TestApp) =>
      fetch(`${t.url}/oidc/oauth/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': client,
        },
        body: 'grant_type=authorization_code&code=nope&client_id=arcadia-web',
      });
    for (let i = 0; i < 5; i++) expect((await token(a)).status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await token(b)).status).toBe(400);
    // Process b has seen five itself; only the shared counter knows this is the eleventh.
    expect((await token(b)).status).toBe(429);
  });
});

/** A TCP proxy to Redis that can stop passing bytes on (a stalled Redis, or dropped packets). */
async function freezableProxy(target: string) {
  const { hostname, port } = new URL(target);
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port || 6379), hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => {
      if (!frozen) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!frozen) client.write(chunk);
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    freeze: (on: boolean) => (frozen = on),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.skipIf(!available)('a Redis that stops answering (REDIS_URL)', () => {
  it('lets requests through after a short wait instead of holding them until it answers', async () => {
    const proxy = await freezableProxy(REDIS_URL);
    const app = await createTestApp({
      env: { REDIS_URL: proxy.url, REDIS_KEY_PREFIX: `arcadia-test-${randomInt(1_000_000_000)}:` },
    });
    try {
      expect((await app.request('GET', '/api/arcades')).status).toBe(200);
      proxy.freeze(true);
      const started = Date.now();
      const answer = await app.request('GET', '/api/arcades');
      expect(answer.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      proxy.freeze(false);
      await app.close();
      await proxy.close();
    }
  }, 30_000);
});
