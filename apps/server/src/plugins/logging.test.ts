import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { remoteVerifier } from './auth';
import { openTestDatabase, type TestDatabase } from '../../test/support/database';
import {
  startTestIssuer,
  TEST_AUDIENCE,
  TEST_CLIENT_ID,
  type TestIssuer,
} from '../../test/support/issuer';

const PERSONAL = {
  username: 'Secretive',
  mail: 'very.private@mail.example',
  birthday: '1987-06-05',
  instagram: 'hidden_handle_x',
  agb: true,
  marketingConsent: true,
};

/** The pino output of a real app at the most verbose level, line by line. */
describe('structured logs without tokens or personal data', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let issuer: TestIssuer;
  let testDb: TestDatabase;
  let url: string;
  const secrets: string[] = [];
  const requestIds: string[] = [];

  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    requestIds.push(res.headers.get('x-request-id') ?? '');
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    issuer = await startTestIssuer();
    testDb = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'trace',
      SEED_DEMO: 'false',
      OIDC_ISSUER: issuer.issuer,
      OIDC_AUDIENCE: TEST_AUDIENCE,
      OIDC_CLIENT_ID: TEST_CLIENT_ID,
    });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp({
      config,
      database: testDb.database,
      verifier: remoteVerifier(issuer.issuer, TEST_AUDIENCE),
      logStream: stream,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const token = await issuer.mint('sub-private-person');
    const forged = await issuer.mintWithForeignKey('sub-private-person');
    const expired = await issuer.mint('sub-private-person', { expiresIn: -3600 });
    secrets.push(token, forged, expired, ...[token, forged, expired].map((t) => t.split('.')[2]!));
    secrets.push(PERSONAL.mail, PERSONAL.birthday, PERSONAL.instagram, 'sub-private-person');

    const registered = await call('POST', '/api/v2/user/registration', token, PERSONAL);
    expect(registered.status).toBe(201);
    expect((await call('GET', '/api/v2/user/me', token)).status).toBe(200);
    await call('GET', `/api/user?searchterm=${PERSONAL.instagram}`, token);
    await call('GET', `/api/v2/user/me?access_token=${token}`);
    // A guest result's claim token, in the page's path and the API's.
    const claim = 'Zx9claimTokenSecret0123456789abcdefABCDEF_-';
    secrets.push(claim);
    expect((await fetch(`${url}/claim/${claim}`)).status).toBeLessThan(500);
    await call('GET', `/api/claims/${claim}`, token);
    // Spelled otherwise, the router still reaches the claim API or the page (loggedUrl).
    await call('GET', `/api/%63laims/${claim}`, token);
    expect((await fetch(`${url}/CLAIM/${claim}`)).status).toBeLessThan(500);
    await call('GET', '/api/v2/user/me', forged);
    await call('GET', '/api/v2/user/me', expired);
    await call('POST', '/api/v2/user/registration', token, { ...PERSONAL, username: 'x' });
    // A failure inside the server: the failed insert carries the personal data as parameters.
    await testDb.database.db.execute(
      sql`alter table users add constraint no_new_rows check (user_name <> 'Leaky') not valid`,
    );
    const failed = await call(
      'POST',
      '/api/v2/user/registration',
      await issuer.mint('sub-private-2'),
      { ...PERSONAL, username: 'Leaky' },
    );
    expect(failed.status).toBe(500);
    expect(
      (await call('DELETE', `/api/v2/user/${registered.body.id as string}`, token)).status,
    ).toBe(200);
  });
  afterAll(async () => {
    await app.close();
    await issuer.close();
    await testDb.drop();
  });

  it('writes one JSON object per line, request lines carrying the request id', () => {
    expect(lines.length).toBeGreaterThan(10);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const logged = new Set(entries.map((e) => e.reqId));
    for (const id of requestIds) expect(logged, id).toContain(id);
    const incoming = entries.find((e) => e.msg === 'incoming request');
    expect(incoming?.req).toEqual({
      method: 'POST',
      url: '/api/v2/user/registration',
      id: expect.any(String),
    });
  });

  it('logs the failure inside the server', () => {
    expect(lines.some((line) => line.includes('"level":50'))).toBe(true);
  });

  it('never logs a token, a signature, or personal data', () => {
    const log = lines.join('\n');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/authorization/i);
    expect(log).not.toMatch(/eyJ[\w-]+\.eyJ/);
  });
});
