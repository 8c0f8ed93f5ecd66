import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Db } from '../../src/db/client';
import { remoteVerifier } from '../../src/plugins/auth';
import { openTestDatabase, type TestDatabase } from './database';
import { startTestIssuer, TEST_AUDIENCE, TEST_CLIENT_ID, type TestIssuer } from './issuer';

export interface TestApp {
  /** The running app (replaced by `restart`). */
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
  /** Closes the app and builds a new one on the same database, port and data directory. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Use the embedded identity provider instead of the test issuer. */
  embeddedIdentity?: boolean;
  /** Log to this stream (at LOG_LEVEL from `env`, info by default) instead of not at all. */
  logStream?: NodeJS.WritableStream;
}

/** A free loopback port (the embedded provider must know its public URL before listening). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A real server on a fresh database, listening on loopback, trusting a test issuer — or, with
 * `embeddedIdentity`, running the embedded provider at its own PUBLIC_URL with a temporary
 * DATA_DIR (the mail outbox lands there).
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const issuer = await startTestIssuer();
  const testDb = await openTestDatabase();
  const port = options.embeddedIdentity ? await freePort() : 0;
  // A temporary DATA_DIR unless the test names one: mail (a marketing confirmation, say) lands
  // in its outbox, never in the checkout's ./data.
  const dataDir =
    options.embeddedIdentity || !options.env?.DATA_DIR
      ? fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-test-'))
      : undefined;
  const identityEnv = options.embeddedIdentity
    ? { PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir! }
    : {
        OIDC_ISSUER: issuer.issuer,
        OIDC_AUDIENCE: TEST_AUDIENCE,
        OIDC_CLIENT_ID: TEST_CLIENT_ID,
        ...(dataDir ? { DATA_DIR: dataDir } : {}),
      };
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    SEED_DEMO: 'false',
    RATE_LIMIT_MAX: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
    // A test process blocks its loop on purpose at times (PGlite, big fixtures): no shedding
    // unless a test asks for it (plugins/overload.test.ts).
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    PORT: String(port),
    ...identityEnv,
    ...options.env,
  });
  const start = async (listenPort: number) => {
    const built = await buildApp({
      config,
      database: testDb.database,
      logger: Boolean(options.logStream),
      logStream: options.logStream,
      verifier: options.embeddedIdentity ? undefined : remoteVerifier(issuer.issuer, TEST_AUDIENCE),
    });
    await built.listen({ port: listenPort, host: '127.0.0.1' });
    return built;
  };
  let app = await start(port);
  const listening = (app.server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${listening}`;
  const db = testDb.database.db;
  return {
    get app() {
      return app;
    },
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
          body === undefined
            ? undefined
            : typeof body === 'string' || body instanceof Uint8Array
              ? body
              : JSON.stringify(body),
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
    async restart() {
      await app.close();
      app = await start(listening);
    },
    async close() {
      // A close that hangs (a hook timeout in CI, not seen when run alone) says where it hangs.
      let step = 'app.close()';
      const watchdog = setTimeout(() => void reportSlowClose(step, app, testDb), 20_000);
      // The tests are over: a connection still open after a while (CI once held 20 of a test's
      // fetch pool past the 60 s hook timeout) is cut instead of waited for.
      const closing = app;
      const cut = setTimeout(() => closing.server.closeAllConnections(), 5_000);
      try {
        await app.close();
        clearTimeout(cut);
        step = 'issuer.close()';
        await issuer.close();
        step = 'testDb.drop()';
        await testDb.drop();
      } finally {
        clearTimeout(watchdog);
        clearTimeout(cut);
      }
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What a test app's close still waits on after 20 s: its step, open sockets, the pool, queries. */
async function reportSlowClose(step: string, app: FastifyInstance, testDb: TestDatabase) {
  const sockets = await new Promise<number>((resolve) =>
    app.server.getConnections((error, count) => resolve(error ? -1 : count)),
  );
  const report: Record<string, unknown> = {
    step,
    sockets,
    pool: testDb.database.stats(),
  };
  if (testDb.url) {
    const client = new pg.Client({ connectionString: testDb.url, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      const { rows } = await client.query(
        `select pid, state, wait_event_type, wait_event, xact_start, left(query, 200) as query
           from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      report.activity = rows;
    } catch (error) {
      report.activity = String(error);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  process.stderr.write(`test app close still running after 20 s: ${JSON.stringify(report)}\n`);
}

/** A second server process on the test app's database and settings (its own caches and LISTEN). */
export async function startSecondProcess(
  t: TestApp,
): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp({ config: t.config, database: t.testDb.database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}
