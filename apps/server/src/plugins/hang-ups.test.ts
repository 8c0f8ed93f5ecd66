import net from 'node:net';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
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

/** Sends the start of a request on a raw socket and hangs up `afterMs` later. */
function hangUp(port: number, head: string, afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      // A reset (RST), as a phone losing its connection sends, not a polite close.
      setTimeout(() => socket.resetAndDestroy(), afterMs);
    });
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
}

/**
 * Clients that hang up early (before the answer, in the middle of their body) cost the server
 * nothing it would log as a failure: the rate limit found no address to count and threw, and a
 * cut-off body was logged as "database unavailable" (the resilience tester's run).
 */
describe('clients that hang up early', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let issuer: TestIssuer;
  let testDb: TestDatabase;
  let port: number;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    testDb = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
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
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await issuer.close();
    await testDb.drop();
  });

  it('log no error and no database trouble, and the server answers the next client', async () => {
    const get = (path: string) =>
      `GET ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer not-a-token\r\n\r\n`;
    // Half of a body that says it is longer.
    const halfPost =
      'POST /api/not-a-route HTTP/1.1\r\nHost: localhost\r\n' +
      'Content-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"username":"half';
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        hangUp(port, i % 3 === 2 ? halfPost : get(i % 3 ? '/api/live' : '/api/news'), i % 4),
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(entries.filter((e) => e.level >= 50).map((e) => e.msg)).toEqual([]);
    expect(entries.filter((e) => e.msg === 'database unavailable')).toEqual([]);
    const next = await fetch(`http://127.0.0.1:${port}/api/news`);
    expect(next.status).toBe(200);
  });
});
