import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Db } from '../../src/db/client';
import { remoteVerifier } from '../../src/plugins/auth';
import { openTestDatabase, type TestDatabase } from './database';
import { startTestIssuer, TEST_AUDIENCE, TEST_CLIENT_ID, type TestIssuer } from './issuer';

export interface TestApp {
  app: FastifyInstance;
  /** http://127.0.0.1:port of the listening app. */
  url: string;
  db: Db;
  testDb: TestDatabase;
  issuer: TestIssuer;
  config: Config;
  /** fetch against the app, JSON in and out, with an optional bearer token. */
  request(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  /** Row counts of the given tables, to prove a rejected write changed nothing. */
  counts(...tables: string[]): Promise<Record<string, number>>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Use the embedded identity provider instead of the test issuer. */
  embeddedIdentity?: boolean;
}

/** A real server on a fresh database, listening on loopback, trusting a test issuer. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const issuer = await startTestIssuer();
  const testDb = await openTestDatabase();
  const identityEnv = options.embeddedIdentity
    ? {}
    : { OIDC_ISSUER: issuer.issuer, OIDC_AUDIENCE: TEST_AUDIENCE, OIDC_CLIENT_ID: TEST_CLIENT_ID };
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RATE_LIMIT_MAX: '100000',
    PORT: '0',
    ...identityEnv,
    ...options.env,
  });
  const app = await buildApp({
    config,
    database: testDb.database,
    logger: false,
    verifier: options.embeddedIdentity ? undefined : remoteVerifier(issuer.issuer, TEST_AUDIENCE),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const db = testDb.database.db;
  return {
    app,
    url,
    db,
    testDb,
    issuer,
    config,
    async request(method, path, { token, body, headers } = {}) {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body:
          body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async counts(...tables) {
      const result: Record<string, number> = {};
      for (const table of tables) {
        const rows = await db.execute<{ n: number }>(
          sql.raw(`select count(*)::int as n from ${table}`),
        );
        result[table] = Number(rows.rows[0]?.n);
      }
      return result;
    },
    async close() {
      await app.close();
      await issuer.close();
      await testDb.drop();
    },
  };
}
