import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openTestDatabase, type TestDatabase } from '../../test/support/database';

/**
 * Load shedding: 503 `overloaded` with Retry-After before any work, while too many queries wait
 * for a database connection or the event loop lags; health and readiness never shed.
 */
describe('load shedding', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let waiting = 0;

  const config = (env: Record<string, string>) =>
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      RATE_LIMIT_MAX: '100000',
      ...env,
    });

  beforeAll(async () => {
    testDb = await openTestDatabase();
    // The real database, with a queue length the test sets.
    const database = {
      ...testDb.database,
      stats: () => ({ ...testDb.database.stats(), waiting }),
    };
    app = await buildApp({
      config: config({ OVERLOAD_EVENT_LOOP_DELAY_MS: '0', OVERLOAD_POOL_WAITING: '5' }),
      database,
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  it('answers 503 overloaded with Retry-After while more queries wait than allowed', async () => {
    waiting = 5;
    expect((await app.inject({ url: '/api/news' })).statusCode).toBe(200);
    waiting = 6;
    const shed = await app.inject({ url: '/api/news' });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('5');
    expect(shed.json()).toEqual({
      error: { code: 'overloaded', message: expect.stringContaining('database connections') },
    });
    // A page load still gets the web app (never a page of JSON), which then meets the 503.
    const page = await app.inject({ url: '/home', headers: { accept: 'text/html' } });
    expect(page.statusCode).not.toBe(503);
    // Shed before authentication: a device report is refused the same way, nothing stored.
    const report = await app.inject({ method: 'POST', url: '/api/device/v1/games', payload: {} });
    expect(report.statusCode).toBe(503);
    waiting = 0;
    expect((await app.inject({ url: '/api/news' })).statusCode).toBe(200);
  });

  it('never sheds health and readiness', async () => {
    waiting = 1_000;
    try {
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      waiting = 0;
    }
  });

  it('sheds while the event loop lags, not during the start, and recovers', async () => {
    const lagging = await buildApp({
      config: config({ OVERLOAD_EVENT_LOOP_DELAY_MS: '100', OVERLOAD_POOL_WAITING: '0' }),
      database: testDb.database,
      logger: false,
    });
    try {
      await lagging.ready();
      // The loop blocked again and again for 300 ms: every sample of its delay is far over
      // the limit (a single block would be averaged away by the quiet rest of its second).
      const lag = async (ms: number) => {
        for (const until = Date.now() + ms; Date.now() < until;) {
          const blocked = Date.now() + 300;
          while (Date.now() < blocked);
          await new Promise((r) => setTimeout(r, 1));
        }
      };
      // The first two seconds after the start are not judged (the start itself blocks).
      await lag(1_200);
      expect((await lagging.inject({ url: '/api/news' })).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 1_500));
      await lag(2_500);
      const shed = await lagging.inject({ url: '/api/news' });
      expect(shed.statusCode).toBe(503);
      expect(shed.json().error.code).toBe('overloaded');
      expect((await lagging.inject({ url: '/api/ready' })).statusCode).toBe(200);
      // Calm again: served again within a few samples.
      const deadline = Date.now() + 10_000;
      let status = 503;
      while (status === 503 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        status = (await lagging.inject({ url: '/api/news' })).statusCode;
      }
      expect(status).toBe(200);
    } finally {
      await lagging.close();
    }
  });
});
