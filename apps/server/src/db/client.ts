import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { pgliteOpenError } from './pglite-open';
import * as schema from './schema';
import { backfillUsernameSkeletons } from './username-skeleton';

/**
 * Both drivers expose the same query builder; the node-postgres type stands for both so feature
 * code is written once.
 */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: repositories take either. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs the versioned migrations (the same set for both drivers), then the data step SQL cannot
   * do (the user name skeletons of rows that have none).
   */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process does setup work (migrations, the demo seed) on this
   * database: a PostgreSQL advisory lock held on one session; on PGlite the data directory lock
   * already makes this process the only one.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** How busy the connection pool is now (metrics, load shedding). */
  stats(): PoolStats;
  /**
   * Opens the pool's connections up front (the server, before it listens), so that the first
   * burst of requests does not wait for new backends; answers how many are open of how many the
   * pool wants, and the first refusal's reason. A connection the server refuses (its
   * `max_connections`, say) is left for later, not an error. PGlite: its one connection.
   */
  warm(): Promise<PoolWarmth>;
  /** PGlite only: the whole data directory as an uncompressed tarball (see `loadDataDir`). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/** What Database.warm() opened: `open` of the `wanted` connections; `refused`, why one was not. */
export interface PoolWarmth {
  open: number;
  wanted: number;
  refused?: string;
}

/** Connections of the pool: open, idle among them, and queries queued for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
/** The advisory lock key of setup work: any fixed 64-bit number, the same in every process. */
const SETUP_LOCK_KEY = 7_211_994_118_004_512n;
/**
 * Without a bound, a request waits forever for a connection while PostgreSQL is down or every
 * connection is busy; with one it fails, and the API answers 503 database_unavailable.
 */
const CONNECT_TIMEOUT_MS = 5_000;

/** A query without an answer this long after its statement timeout fails here (see the pool). */
const QUERY_TIMEOUT_MARGIN_MS = 5_000;

export interface DatabaseOptions {
  /** postgres:// URL; without it, PGlite. */
  url?: string | undefined;
  /** PGlite data directory; undefined means in memory. */
  dataDir?: string | undefined;
  /**
   * PGlite in memory only: start from this dump of a data directory (`dumpDataDir`) instead of
   * creating an empty one. Tests load a migrated template: initdb costs seconds per test file.
   */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
  /** PostgreSQL cancels a statement that runs longer (0 = no limit). */
  statementTimeoutMs?: number;
  /**
   * How long a query waits for a connection (a free one from the pool, or a new one while the
   * server is unreachable) before it fails; default CONNECT_TIMEOUT_MS.
   */
  connectTimeoutMs?: number;
  /**
   * How long after the statement timeout a query with no answer fails on our side (the network
   * to the server went silent: PostgreSQL's own timeout cannot reach us); default
   * QUERY_TIMEOUT_MARGIN_MS. Only with a statement timeout.
   */
  queryTimeoutMarginMs?: number;
  /** Called with errors of idle connections (logged by the app). */
  onError?: (error: Error) => void;
  /** The connections' application_name; `arcadia:<pid>` unless a test names its own. */
  applicationName?: string;
}

/** The start of the application_name of every connection an Arcadia process opens. */
export const APPLICATION_NAME_PREFIX = 'arcadia:';

/** The connection URL with its `application_name` set to `name` (replacing one it had). */
export function withApplicationName(url: string, name: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url; // pg reads more than WHATWG URLs; it then fails on the URL itself, or connects
  }
  parsed.searchParams.set('application_name', name);
  return parsed.href;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const max = options.poolSize ?? 20;
    const pool = new pg.Pool({
      // Which process a connection is (pg_stat_activity): a restore refuses while servers run.
      // In the URL, since pg lets the URL's own parameters win over the options: an
      // `application_name` in DATABASE_URL hid the servers from that check.
      connectionString: withApplicationName(
        options.url,
        options.applicationName ?? `${APPLICATION_NAME_PREFIX}${process.pid}`,
      ),
      max,
      // An opened connection stays open (idle ones are not closed below `min`). pg-pool hands
      // out the connection released last, so under a steady load most of the others sat idle
      // past the idle timeout and closed; the next burst opened them again all at once, each new
      // backend paying its start-up and its first plans: stalls of 300-500 ms at 500 req/s on the
      // boards (docs/benchmarks.md).
      min: max,
      connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      // TCP keep-alive: a connection the network dropped without a reset (a NAT or firewall
      // forgetting it) is found dead and replaced, instead of hanging the queries sent on it.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      ...(options.statementTimeoutMs
        ? {
            statement_timeout: options.statementTimeoutMs,
            // PostgreSQL cancels a statement at the statement timeout, but when the network to
            // it goes silent (no reset, no answer) that cancel never arrives and the request
            // waited as long as the outage: an ops test held one for 61 s. A query still without
            // an answer this long after the timeout fails here ('Query read timeout': 503).
            query_timeout:
              options.statementTimeoutMs +
              (options.queryTimeoutMarginMs ?? QUERY_TIMEOUT_MARGIN_MS),
          }
        : {}),
    });
    // An idle connection that the server drops (restart, failover) must not crash the process:
    // the pool discards it and opens a new one on the next query.
    const open = new Set<pg.PoolClient>();
    let allClosed: (() => void) | undefined;
    pool.on('error', (error) => options.onError?.(error));
    pool.on('connect', (client) => {
      open.add(client);
      client.on('error', (error) => options.onError?.(error));
      client.on('end', () => {
        open.delete(client);
        if (open.size === 0) allClosed?.();
      });
    });
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        await migratePg(db, { migrationsFolder });
        await backfillUsernameSkeletons(db);
      },
      exclusively: async (work) => {
        // A session lock on a connection of its own: released when we unlock, or by the server
        // when this process dies with it.
        const holder = await pool.connect();
        try {
          await holder.query('select pg_advisory_lock($1)', [SETUP_LOCK_KEY.toString()]);
          return await work();
        } finally {
          await holder
            .query('select pg_advisory_unlock($1)', [SETUP_LOCK_KEY.toString()])
            .catch(() => undefined);
          holder.release();
        }
      },
      ping: async () => {
        await pool.query('select 1');
      },
      stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      warm: async () => {
        const opened = await Promise.allSettled(Array.from({ length: max }, () => pool.connect()));
        for (const c of opened) if (c.status === 'fulfilled') c.value.release();
        const refusal = opened.find((c) => c.status === 'rejected');
        return {
          open: pool.totalCount,
          wanted: max,
          ...(refusal && { refused: String((refusal.reason as Error)?.message ?? refusal.reason) }),
        };
      },
      // pool.end() resolves before its sockets are closed; wait for every connection to end so
      // that dropping the database right after (tests) kills nothing still in use.
      close: async () => {
        const ended =
          open.size === 0 ? Promise.resolve() : new Promise<void>((r) => (allClosed = r));
        await pool.end();
        await ended;
      },
    };
  }
  let unlock = () => {};
  // Looked at before the folder is made: only a folder this open makes (none, or an empty one,
  // so no database either: PGlite runs initdb into it) may be removed if the open fails.
  const startsEmpty =
    options.dataDir !== undefined &&
    (!fs.existsSync(options.dataDir) || fs.readdirSync(options.dataDir).length === 0);
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
  }
  let client: PGlite;
  try {
    client = new PGlite({
      dataDir: options.dataDir,
      extensions: { pg_trgm },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    await client.waitReady;
  } catch (error) {
    try {
      if (!options.dataDir) throw error;
      // A first start that failed half-way (a full disk, say) left a folder PGlite cannot open
      // later; nothing was stored in it yet, so it goes.
      const removed = startsEmpty;
      if (removed) fs.rmSync(options.dataDir, { recursive: true, force: true });
      throw pgliteOpenError(error, options.dataDir, removed);
    } finally {
      unlock();
    }
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
      await backfillUsernameSkeletons(db);
    },
    exclusively: (work) => work(),
    ping: async () => {
      await client.query('select 1');
    },
    // One connection in this process, which queues its own queries: a pool of 1, never waiting.
    stats: () => ({ total: 1, idle: 1, waiting: 0 }),
    warm: async () => ({ open: 1, wanted: 1 }),
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
