import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { STORAGE_FULL_NOT_READY_MS } from './routes';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers liveness without a token', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers readiness when the database is reachable', async () => {
    const res = await t.request('GET', '/api/ready');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ready');
  });

  it('answers 503 not_ready while the database does not answer, and ready again by itself', async () => {
    let down = true;
    const database = {
      ...t.testDb.database,
      ping: async () => {
        if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      },
    };
    const app = await buildApp({ config: t.config, database, logger: false });
    try {
      const res = await app.inject({ url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json().error.code).toBe('not_ready');
      down = false;
      expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 not_ready when the database does not answer in time (a dropped connection)', async () => {
    const database = { ...t.testDb.database, ping: () => new Promise<void>(() => {}) };
    const app = await buildApp({ config: t.config, database, logger: false });
    try {
      // Before the timeout the probe hung for as long as the ping (here: for ever).
      const res = await app.inject({ url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('not_ready');
    } finally {
      await app.close();
    }
  });

  it('answers 503 not_ready for a while after a write failed for a full disk (reads still work)', async () => {
    const app = await buildApp({ config: t.config, database: t.testDb.database, logger: false });
    // A write as PGlite or PostgreSQL refuses it on a full disk.
    app.post('/api/test-full-disk', async () => {
      throw Object.assign(new Error('could not extend file: No space left on device'), {
        code: '53100',
      });
    });
    try {
      expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
      const write = await app.inject({ method: 'POST', url: '/api/test-full-disk' });
      expect(write.statusCode).toBe(503);
      expect(write.json().error.code).toBe('database_unavailable');
      const res = await app.inject({ url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({ code: 'not_ready', message: /disk is full/ });
      expect(res.headers['retry-after']).toBe(String(STORAGE_FULL_NOT_READY_MS / 1000));
      // No failed write for that long: ready again (the next write tells if it still fails).
      app.storage.fullAt = Date.now() - STORAGE_FULL_NOT_READY_MS - 1;
      expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('serves the OpenAPI document with the player routes', async () => {
    const res = await t.request('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v2/user/me',
        '/api/user/{id}/details',
        '/api/v2/user/me/friends',
      ]),
    );
  });

  it('answers unknown API routes with the error shape', async () => {
    const res = await t.request('GET', '/api/nope', { token: await t.issuer.mint('x') });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('sends security headers', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
