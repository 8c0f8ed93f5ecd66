import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/app';
import { errorsPlugin } from './errors';

const REGISTRATION = '/api/v2/user/registration';

describe('the one error shape', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.issuer.mint('sub-errors');
  });
  afterAll(() => t.close());

  /** Every error answer is JSON of exactly { error: { code, message, details? } }. */
  function expectErrorShape(res: { body: unknown; headers: Headers }, status: number) {
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = res.body as { error: Record<string, unknown> };
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error.code).toEqual(expect.any(String));
    expect(body.error.message).toEqual(expect.any(String));
    for (const key of Object.keys(body.error)) {
      expect(['code', 'message', 'details'], `${status}: ${key}`).toContain(key);
    }
  }

  it('answers a validation failure with 400, a message naming the fields, and details', async () => {
    const res = await t.request('POST', REGISTRATION, {
      token,
      body: { username: 'no', mail: 'x', agb: true },
    });
    expect(res.status).toBe(400);
    expectErrorShape(res, 400);
    expect(res.body.error).toEqual({
      code: 'validation_failed',
      message: expect.stringMatching(/username.*mail|mail.*username/),
      details: expect.arrayContaining([
        { path: 'username', message: 'username must be at least 3 characters' },
        { path: 'mail', message: 'mail must be a valid e-mail address' },
      ]),
    });
    expect(res.body.error.details).toHaveLength(2);
  });

  it('answers malformed JSON with 400 and writes nothing', async () => {
    const before = await t.counts('users', 'friendships');
    for (const body of ['{"username": "Neo", "mail":', '{username: Neo}', 'not json at all']) {
      const res = await t.request('POST', REGISTRATION, { token, body });
      expect(res.status, body).toBe(400);
      expectErrorShape(res, 400);
      expect(res.body.error.code).toBe('invalid_json');
    }
    expect(await t.counts('users', 'friendships')).toEqual(before);
  });

  it('answers a body over the limit with 413 and writes nothing', async () => {
    const before = await t.counts('users');
    const body = JSON.stringify({
      username: 'Big',
      mail: 'big@example.com',
      agb: true,
      instagram: 'x'.repeat(t.config.bodyLimit),
    });
    const res = await t.request('POST', REGISTRATION, { token, body });
    expect(res.status).toBe(413);
    expectErrorShape(res, 413);
    expect(res.body.error.code).toBe('payload_too_large');
    expect(await t.counts('users')).toEqual(before);
  });

  it('answers a body that is not JSON with 415', async () => {
    const res = await t.request('POST', REGISTRATION, {
      token,
      body: 'username=Neo&mail=neo@example.com&agb=true',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expectErrorShape(res, 415);
    expect(res.body.error.code).toBe('unsupported_media_type');
  });

  it('answers unknown API paths and methods with 404 in the same shape', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/user/me/enemies'],
      ['PUT', '/api/v2/user/me'],
    ] as const) {
      const res = await t.request(method, path, { token });
      expect(res.status, `${method} ${path}`).toBe(404);
      expectErrorShape(res, 404);
      expect(res.body.error.code).toBe('not_found');
    }
  });

  it('answers the error shape for 401, 403, 404 and 409 as well', async () => {
    const unauthorized = await t.request('GET', '/api/v2/user/me');
    expectErrorShape(unauthorized, 401);
    const noScope = await t.request('GET', '/api/v2/user/me', {
      token: await t.issuer.mint('sub-errors', { scopes: ['read:games'] }),
    });
    expectErrorShape(noScope, 403);
    const notRegistered = await t.request('GET', '/api/v2/user/me', { token });
    expectErrorShape(notRegistered, 404);
    const body = { username: 'Dup', mail: 'dup@example.com', agb: true };
    await t.request('POST', REGISTRATION, { token: await t.issuer.mint('sub-dup-1'), body });
    const conflict = await t.request('POST', REGISTRATION, {
      token: await t.issuer.mint('sub-dup-2'),
      body,
    });
    expect(conflict.status).toBe(409);
    expectErrorShape(conflict, 409);
  });

  it('answers a failure inside the server with 500 and reveals nothing of it', async () => {
    await t.db.execute(sql`alter table users rename to users_gone`);
    try {
      const res = await t.request('GET', '/api/v2/user/me', { token });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: { code: 'internal', message: 'Internal server error' } });
      expect(JSON.stringify(res.body)).not.toMatch(/users|select|relation/i);
    } finally {
      await t.db.execute(sql`alter table users_gone rename to users`);
    }
    expect((await t.request('GET', '/api/v2/user/me', { token })).status).toBe(404);
  });

  it('tags every answer, errors included, with a request id; a sane given one is kept', async () => {
    const a = await t.request('GET', '/api/v2/user/me');
    const b = await t.request('GET', '/api/v2/user/me');
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
    const given = await t.request('GET', '/api/health', {
      headers: { 'x-request-id': 'trace-42' },
    });
    expect(given.headers.get('x-request-id')).toBe('trace-42');
    const hostile = await t.request('GET', '/api/health', {
      headers: { 'x-request-id': 'a b<script>' },
    });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('a database that cannot be reached', () => {
  /** A bare app with the error handler and a route failing as a query does while it is down. */
  async function failingApp(error: unknown) {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/fails', async () => {
      throw new DrizzleQueryError(
        'select * from users where mail = $1',
        ['a@example.com'],
        error as Error,
      );
    });
    return app;
  }

  it('is answered 503 database_unavailable with Retry-After: 1, not 500', async () => {
    for (const cause of [
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      const app = await failingApp(cause);
      const res = await app.inject({ method: 'GET', url: '/fails' });
      await app.close();
      expect(res.statusCode, cause.message).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({
        error: { code: 'database_unavailable', message: expect.any(String) },
      });
      expect(res.body).not.toMatch(/users|example|5432/);
    }
  });

  it('leaves other database errors a 500', async () => {
    const app = await failingApp(Object.assign(new Error('duplicate key'), { code: '23505' }));
    const res = await app.inject({ method: 'GET', url: '/fails' });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
