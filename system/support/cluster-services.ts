import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { findNginx } from './nginx-proxy';

/** What the cluster test runs on besides its own processes. */
export interface ClusterServices {
  /** The server that gets a fresh database (TEST_DATABASE_URL, else the local `test` database). */
  postgresUrl: string;
  redisUrl: string;
  nginx: string | undefined;
  /** One line per missing service; empty when everything answers. */
  missing: string[];
}

/** Same default as tools/postgres-probe.mjs and the Redis integration test. */
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** PING over the Redis protocol, without a client library. */
async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data: Buffer) => done(data.toString().startsWith('+PONG')));
  });
}

export async function probeClusterServices(): Promise<ClusterServices> {
  const [postgres, redis] = await Promise.all([
    postgresAnswers(POSTGRES_URL),
    redisAnswers(REDIS_URL),
  ]);
  const nginx = findNginx();
  const missing = [
    ...(postgres ? [] : [`no PostgreSQL answers at ${POSTGRES_URL.replace(/\/\/[^@]*@/, '//')}`]),
    ...(redis ? [] : [`no Redis answers at ${REDIS_URL}`]),
    ...(nginx ? [] : ['nginx is not installed (apt-get install nginx; npm test installs it)']),
  ];
  return { postgresUrl: POSTGRES_URL, redisUrl: REDIS_URL, nginx, missing };
}

export interface FreshDatabase {
  url: string;
  /** Runs one statement on the fresh database (what an operator would type into psql). */
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>;
  drop(): Promise<void>;
}

/**
 * A new database with a random name on the server at `adminUrl` (servers keep what earlier runs
 * left, so one is never reused), dropped with its connections by `drop`.
 */
export async function createFreshDatabase(adminUrl: string): Promise<FreshDatabase> {
  const name = `arcadia_cluster_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    query: async <Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
      const client = new pg.Client({ connectionString: url.href });
      await client.connect();
      try {
        return (await client.query<Row>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
