// The sustained rate of the built server as `npm start` runs it: one process on PGlite, and on
// PostgreSQL with 1 and with N worker processes (node:cluster, N = cores), under a mix of the
// public reads players make most (leaderboards, news, games overview, arcades), beside a bare
// Fastify route measured in the same run. Shows what the workers buy and where PGlite ends.
import os from 'node:os';
import { openBenchDatabase } from './support/database';
import { startBaseline } from './support/baseline';
import { measure, type LoadResult } from './support/load';
import { ms, progress, ratio, rps, table } from './support/report';
import { buildServer, startServerProcess, tempDataDir } from '../../system/support/server-process';

const MIX = [
  '/api/leaderboards/commando?metric=score',
  '/api/news',
  '/api/leaderboards/commando?metric=kd&period=month',
  '/api/games/commando',
  '/api/arcades',
  '/api/leaderboards/commando?metric=wins&period=week',
];
const DURATION = Number(process.env.BENCH_PROCESSES_SECONDS ?? 20);

async function underLoad(env: Record<string, string>, label: string): Promise<LoadResult> {
  const server = await startServerProcess({ SEED_DEMO: 'true', LOG_LEVEL: 'warn', ...env });
  try {
    await server.ready(180_000);
    progress(`${label}: ${DURATION} s at full load`);
    return await measure({
      url: server.url,
      paths: MIX,
      connections: 64,
      duration: DURATION,
      warmup: 5,
    });
  } finally {
    server.kill('SIGTERM');
    await server.exited;
  }
}

async function main(): Promise<void> {
  buildServer();
  const cores = os.availableParallelism();
  const baseline = await startBaseline();
  progress('bare Fastify baseline');
  const bare = await measure({
    url: baseline.url,
    paths: [baseline.path],
    connections: 64,
    duration: DURATION,
  });
  await baseline.close();

  const rows: Array<[string, LoadResult]> = [];
  const data = tempDataDir('arcadia-bench-');
  try {
    rows.push([
      'PGlite, 1 process (`npm start`)',
      await underLoad({ DATA_DIR: data.dir }, 'PGlite'),
    ]);
  } finally {
    data.remove();
  }
  const db = await openBenchDatabase();
  if (db) {
    try {
      await db.database.close();
      for (const workers of [1, cores]) {
        rows.push([
          `PostgreSQL, ${workers} process${workers > 1 ? 'es' : ''}`,
          await underLoad(
            { DATABASE_URL: db.url, WORKERS: String(workers) },
            `PostgreSQL ×${workers}`,
          ),
        ]);
      }
    } finally {
      await db.drop();
    }
  } else {
    progress('SKIPPING PostgreSQL: no server answers');
  }

  const one = rows.find(([label]) => label.startsWith('PostgreSQL, 1'))?.[1];
  console.log(`## Processes: sustained rate with 1 and ${cores} processes

The built server (\`node apps/server/dist/server.mjs\`, production mode, demo data) at full load
(64 connections, ${DURATION} s after 5 s warm-up) on a mix of public reads: ${MIX.map((p) => `\`${p}\``).join(', ')}.
Beside it a bare Fastify route on the same machine in the same run.
${db ? '' : '\n**PostgreSQL skipped: no server answered.**\n'}
${table(
  ['Setup', 'Requests/s', 'vs bare Fastify', 'vs 1 process', 'p50', 'p99', 'Failed'],
  [
    [
      'bare Fastify (baseline)',
      rps(bare.rps),
      ratio(1),
      '—',
      ms(bare.p50),
      ms(bare.p99),
      bare.failed,
    ],
    ...rows.map(([label, r]) => [
      label,
      rps(r.rps),
      ratio(r.rps / bare.rps),
      one ? ratio(r.rps / one.rps) : '—',
      ms(r.p50),
      ms(r.p99),
      r.failed,
    ]),
  ],
)}`);
  const failed = rows.reduce((sum, [, r]) => sum + r.failed, 0);
  if (failed > 0) throw new Error(`${failed} requests failed under load`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
