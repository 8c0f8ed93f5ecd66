// Players API on PostgreSQL with 100k players: profile details and search, each beside a bare
// Fastify route measured in the same run, and the DESIGN §7 budget for profile details
// (p99 ≤ 50 ms at 500 requests/s). Prints one markdown section on stdout.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { remoteVerifier } from '../../apps/server/src/plugins/auth';
import {
  startTestIssuer,
  TEST_AUDIENCE,
  TEST_CLIENT_ID,
} from '../../apps/server/test/support/issuer';
import { startBaseline } from './support/baseline';
import { DEFAULT_BENCH_DATABASE_URL, openBenchDatabase } from './support/database';
import { measure, type LoadResult } from './support/load';
import { openLoop, type OpenLoopResult } from './support/open-loop';
import { seedPlayers } from './support/players';
import { ms, progress, ratio, rps, table } from './support/report';

const TITLE = '## Players API (users.bench.ts)';
// DESIGN §7: 100k players and 1M games (of 8 players: 80 games each).
const PLAYERS = 100_000;
const GAMES = 1_000_000;
/** The players whose profiles are requested, in turn. */
const PROFILES = 200;
const DURATION = 10;
const WARMUP = 2;
const CONNECTIONS = 50;
const BUDGET_RATE = 500;
const BUDGET_P99_MS = 50;
function skipped(reason: string): void {
  process.stdout.write(`${TITLE}\n\nSkipped: ${reason}\n`);
}

async function main(): Promise<void> {
  const db = await openBenchDatabase();
  if (!db) {
    const url = process.env.TEST_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
    skipped(
      `no PostgreSQL answers at ${url.replace(/\/\/[^@]*@/, '//')}. ` +
        'Start one or set TEST_DATABASE_URL to run this benchmark.',
    );
    return;
  }
  const cleanup = () => {
    void db.drop().finally(() => process.exit(130));
  };
  process.once('SIGINT', cleanup);
  process.once('SIGTERM', cleanup);
  const issuer = await startTestIssuer();
  const baseline = await startBaseline();
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    progress(`seeding ${PLAYERS.toLocaleString('en-US')} players on ${db.server}`);
    const seedStart = performance.now();
    await seedPlayers((text) => db.query(text), { players: PLAYERS, games: GAMES });
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const counts = (
      await db.query<{ users: number; games: number; game_players: number }>(
        `select (select count(*) from users)::int as users, (select count(*) from games)::int as games,
                (select count(*) from game_players)::int as game_players`,
      )
    ).rows[0]!;

    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      RATE_LIMIT_MAX: '100000000',
      DATABASE_URL: db.url,
      OIDC_ISSUER: issuer.issuer,
      OIDC_AUDIENCE: TEST_AUDIENCE,
      OIDC_CLIENT_ID: TEST_CLIENT_ID,
    });
    app = await buildApp({
      config,
      database: db.database,
      verifier: remoteVerifier(issuer.issuer, TEST_AUDIENCE),
      // Production logging, every request line written, to nowhere.
      logStream: fs.createWriteStream('/dev/null'),
    });
    await app.database.warm(); // as the server does before it listens (server.ts)
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const token = await issuer.mint('bench-1');
    const headers = { authorization: `Bearer ${token}` };

    // Spread over the whole table (every 500th player), in random order.
    const profiles = (
      await db.query<{ id: string }>(
        `select id from users where identity_sub = any($1) order by id`,
        [Array.from({ length: PROFILES }, (_, i) => `bench-${1 + i * (PLAYERS / PROFILES)}`)],
      )
    ).rows.map((r) => `/api/user/${r.id}/details`);
    // Check the paths answer what they should before measuring them.
    const probe = await fetch(`${url}${profiles[0]}`, { headers });
    const profile = (await probe.json()) as { matchHistory?: unknown[] };
    if (probe.status !== 200 || profile.matchHistory?.length !== 20) {
      throw new Error(
        `details answered ${probe.status} with ${JSON.stringify(profile).slice(0, 200)}`,
      );
    }
    const commonTerm = 'neo'; // matches every Neon… player: 5 % of them
    const rareTerm = '4242'; // matches a few dozen
    const search = (term: string) => [`/api/user?searchterm=${term}`];
    for (const term of [commonTerm, rareTerm]) {
      const res = await fetch(`${url}${search(term)[0]}`, { headers });
      const body = (await res.json()) as { data?: unknown[] };
      if (res.status !== 200 || !body.data?.length)
        throw new Error(`search ${term} answered ${res.status}`);
    }

    const run = async (label: string, target: string, paths: string[]) => {
      progress(`${label}: ${DURATION} s at full load`);
      const result = await measure({
        url: target,
        paths,
        headers: target === url ? headers : undefined,
        connections: CONNECTIONS,
        duration: DURATION,
        warmup: WARMUP,
      });
      if (result.failed > 0) {
        throw new Error(`${label}: ${result.failed} of ${result.total} requests failed`);
      }
      return result;
    };
    const fixed = async (label: string, target: string, paths: string[]) => {
      progress(`${label}: ${DURATION} s at ${BUDGET_RATE} requests/s (open loop)`);
      const result = await openLoop({
        url: target,
        requests: paths.map((path) => ({ path, headers: target === url ? headers : undefined })),
        rate: BUDGET_RATE,
        connections: CONNECTIONS,
        duration: DURATION,
        warmup: WARMUP,
      });
      if (result.failed > 0) {
        throw new Error(`${label}: ${result.failed} of ${result.total} requests failed`);
      }
      return result;
    };
    const baselineMax = await run('baseline', baseline.url, [baseline.path]);
    const detailsMax = await run('details', url, profiles);
    const searchCommon = await run(`search "${commonTerm}"`, url, search(commonTerm));
    const searchRare = await run(`search "${rareTerm}"`, url, search(rareTerm));
    const baselineFixed = await fixed('baseline', baseline.url, [baseline.path]);
    const detailsFixed = await fixed('details', url, profiles);

    // The query of searchUsers (features/users/repository.ts).
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, format text)
       select id, user_name from users where lower(user_name) like $1
       order by (lower(user_name) like $2) desc, length(user_name), lower(user_name) limit 20`,
      [`%${commonTerm}%`, `${commonTerm}%`],
    );
    const planText = plan.rows.map((r) => r['QUERY PLAN']);
    const scan =
      planText
        .find((l) => /Scan/.test(l))
        ?.trim()
        .replace(/\s+\(cost.*$/, '') ?? '?';
    const execution = planText.find((l) => l.startsWith('Execution Time')) ?? '';

    const row = (
      name: string,
      r: LoadResult | OpenLoopResult,
      base: LoadResult | OpenLoopResult,
    ) => [
      name,
      rps(r.rps),
      ms(r.p50),
      ms(r.p99),
      ratio(r.rps / base.rps),
      ratio(r.p99 / Math.max(base.p99, 0.001)),
    ];
    const header = ['Route', 'req/s', 'p50', 'p99', 'req/s vs baseline', 'p99 vs baseline'];
    const budgetMet = detailsFixed.p99 <= BUDGET_P99_MS;
    const lines = [
      TITLE,
      '',
      `PostgreSQL (${db.server.replace(/\/[^/]*$/, '')}), ${rps(counts.users)} players, ` +
        `${rps(counts.games)} games, ${rps(counts.game_players)} game players ` +
        `(seeded in ${seedSeconds.toFixed(1)} s). The real app (\`buildApp\`: helmet, CORS, rate ` +
        'limit, RS256 token verified, production logging) on loopback; the load from a worker ' +
        `thread with up to ${CONNECTIONS} connections, ${DURATION} s per row after ${WARMUP} s of ` +
        `warm-up. Details rotate over ${PROFILES} players spread over the table, each with a ` +
        'full first page of history (20 of their about 80 games, 8 players each).',
      '',
      '### At full load (autocannon, closed loop)',
      '',
      table(header, [
        row('bare Fastify `GET /baseline` (baseline)', baselineMax, baselineMax),
        row('`GET /api/user/{id}/details`', detailsMax, baselineMax),
        row(
          `\`GET /api/user?searchterm=${commonTerm}\` (5 % of players match)`,
          searchCommon,
          baselineMax,
        ),
        row(`\`GET /api/user?searchterm=${rareTerm}\` (a few match)`, searchRare, baselineMax),
      ]),
      '',
      `### At a fixed ${BUDGET_RATE} requests/s (open loop; DESIGN §7 budget: details p99 ≤ ${BUDGET_P99_MS} ms)`,
      '',
      'Requests go out evenly spaced whether or not earlier ones were answered, and each latency ' +
        'runs from the instant the request was due (`support/open-loop.ts`, as wrk2 measures).',
      '',
      table(header, [
        row('bare Fastify `GET /baseline` (baseline)', baselineFixed, baselineFixed),
        row('`GET /api/user/{id}/details`', detailsFixed, baselineFixed),
      ]),
      '',
      `Budget: details p99 ${ms(detailsFixed.p99)} at ${rps(detailsFixed.rps)} requests/s — ` +
        `**${budgetMet ? 'met' : 'NOT met'}** (≤ ${BUDGET_P99_MS} ms).`,
      '',
      `Search plan at ${rps(counts.users)} players: \`${scan}\`, ${execution.toLowerCase()} for one ` +
        `query (\`lower(user_name) like '%${commonTerm}%'\`, the trigram index on lower(user_name)).`,
      '',
    ];
    process.stdout.write(lines.join('\n'));
  } finally {
    progress('cleaning up');
    await app?.close();
    await baseline.close();
    await issuer.close();
    await db.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
