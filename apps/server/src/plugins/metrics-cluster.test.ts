import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDbKind, type TestDatabase } from '../../test/support/database';
import { sampleValue } from '../../test/support/prometheus';
import { users } from '../db/schema';
import { startClusterMetricsServer, WORKER_ANSWER_MS } from './metrics-cluster';
import type { MetricsServer } from './metrics-server';

const WORKER = path.resolve(import.meta.dirname, '../../test/support/metrics-cluster-worker.ts');
const SILENT_WORKER = path.resolve(import.meta.dirname, '../../test/support/silent-worker.ts');

describe('cluster metrics in the primary', () => {
  const workers: Worker[] = [];
  let testDb: TestDatabase;
  let server: MetricsServer | undefined;

  beforeAll(async () => {
    testDb = await openTestDatabase();
    // Workers run the app from source, as `npm start` does (tsx).
    cluster.setupPrimary({ exec: WORKER, execArgv: ['--import', 'tsx'] });
    for (const n of [1, 2]) {
      workers.push(
        cluster.fork({ WORKER_NUMBER: String(n), WORKER_DATABASE_URL: testDb.url ?? '' }),
      );
    }
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            worker.on('message', (message) => message === 'ready' && resolve());
            worker.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
          }),
      ),
    );
    server = await startClusterMetricsServer({
      metrics: { host: '127.0.0.1', port: 0, token: undefined },
    });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await Promise.all(
      workers.map((worker) => {
        const exited = new Promise((resolve) => worker.once('exit', resolve));
        worker.kill();
        return exited;
      }),
    );
    await testDb.drop();
  });

  const scrape = async () => {
    const res = await fetch(`${server!.url}/metrics`);
    expect(res.status).toBe(200);
    return res.text();
  };

  it('adds up what each worker counts', async () => {
    const text = await scrape();
    // Worker 1 answered one health check, worker 2 two.
    const health = { method: 'GET', route: '/api/health', status_code: '200' };
    expect(sampleValue(text, 'http_request_duration_seconds_count', health)).toBe(3);
    expect(sampleValue(text, 'arcadia_games_ingested_total')).toBe(0);
    expect(sampleValue(text, 'arcadia_db_pool_connections')).toBeGreaterThanOrEqual(2);
    expect(sampleValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sampleValue(text, 'arcadia_database_up')).toBe(1);
    expect(sampleValue(text, 'arcadia_metrics_workers_answered')).toBe(2);
  });

  it.runIf(testDbKind === 'postgres')(
    'does not add up what every worker reads from the shared database',
    async () => {
      const [user] = await testDb.database.db
        .insert(users)
        .values({ userName: 'Cluster', identitySub: 'sub-cluster', mail: 'cluster@example.test' })
        .returning();
      for (let i = 0; i < 3; i++) {
        await testDb.database.db.execute(
          sql`insert into push_outbox (user_id, kind, payload) values (${user!.id}::uuid, 'news', '{}'::jsonb)`,
        );
      }
      expect(sampleValue(await scrape(), 'arcadia_push_outbox_pending')).toBe(3);
    },
  );

  it('leaves out a worker that does not answer (starting, stuck) instead of failing the scrape', async () => {
    cluster.setupPrimary({ exec: SILENT_WORKER, execArgv: ['--import', 'tsx'] });
    const silent = cluster.fork();
    try {
      await new Promise<void>((resolve) =>
        silent.on('message', (message) => message === 'ready' && resolve()),
      );
      const started = Date.now();
      const text = await scrape();
      expect(Date.now() - started).toBeGreaterThanOrEqual(WORKER_ANSWER_MS - 50);
      expect(sampleValue(text, 'arcadia_metrics_workers')).toBe(3);
      expect(sampleValue(text, 'arcadia_metrics_workers_answered')).toBe(2);
      const health = { method: 'GET', route: '/api/health', status_code: '200' };
      expect(sampleValue(text, 'http_request_duration_seconds_count', health)).toBe(3);
    } finally {
      const exited = new Promise((resolve) => silent.once('exit', resolve));
      silent.kill();
      await exited;
    }
    expect(sampleValue(await scrape(), 'arcadia_metrics_workers_answered')).toBe(2);
  });

  it('keeps the counts of a worker that stops answering, and of one that died', async () => {
    const health = { method: 'GET', route: '/api/health', status_code: '200' };
    const count = (text: string) =>
      sampleValue(text, 'http_request_duration_seconds_count', health);
    expect(count(await scrape())).toBe(3);
    // Worker 2 (two health checks) is stuck past the scrape's wait: its last figures count.
    const second = workers[1]!;
    process.kill(second.process.pid!, 'SIGSTOP');
    try {
      const text = await scrape();
      expect(sampleValue(text, 'arcadia_metrics_workers_answered')).toBe(1);
      expect(count(text)).toBe(3);
    } finally {
      process.kill(second.process.pid!, 'SIGCONT');
    }
    // Then it dies: what it counted stays in the sums; its gauges leave with it.
    const exited = new Promise((resolve) => second.once('exit', resolve));
    second.kill();
    await exited;
    workers.splice(1, 1);
    const text = await scrape();
    expect(sampleValue(text, 'arcadia_metrics_workers')).toBe(1);
    expect(count(text)).toBe(3);
    expect(sampleValue(text, 'arcadia_db_pool_connections')).toBeLessThanOrEqual(2);
  });

  it('is not started without METRICS_PORT', async () => {
    const none = await startClusterMetricsServer({
      metrics: { host: '127.0.0.1', port: undefined, token: undefined },
    });
    expect(none).toBeUndefined();
  });
});
