// Arcade figures on PostgreSQL: a leaderboard page plus the caller's own rank among 1M players,
// and the game ingest rate (game, players, all-time and period statistics, rank buckets and the
// device release in one transaction), each beside a bare Fastify baseline measured in the same
// run, against the DESIGN §7 budgets. Prints one markdown section on stdout.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { deviceAuthorization, type GameReportInput } from '@arcadia/contracts';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { remoteVerifier } from '../../apps/server/src/plugins/auth';
import { createArcade } from '../../apps/server/src/features/arcades/service';
import { createDevice } from '../../apps/server/src/features/devices/service';
import {
  startTestIssuer,
  TEST_AUDIENCE,
  TEST_CLIENT_ID,
} from '../../apps/server/test/support/issuer';
import { buildServer, startServerProcess } from '../../system/support/server-process';
import { startBaseline } from './support/baseline';
import { DEFAULT_BENCH_DATABASE_URL, openBenchDatabase } from './support/database';
import { openLoop, type OpenLoopRequest, type OpenLoopResult } from './support/open-loop';
import { seedBoardPlayers } from './support/players';
import { ms, progress, ratio, rps, table } from './support/report';

const TITLE = '## Arcade: leaderboards and game ingest (arcade.bench.ts)';
/**
 * Sizes can be made small for a trial run: BENCH_ARCADE_PLAYERS (≥ 200,000), BENCH_DURATION;
 * BENCH_INGEST_CONNECTIONS (default 16) sets the ingest's load, 1 to see a game's own cost;
 * INGEST_TRANSACTIONS, the server's own setting, is passed to the app and its processes.
 */
const size = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const PLAYERS = Math.max(200_000, size('BENCH_ARCADE_PLAYERS', 1_000_000));
const DEVICES = 60;
/** Games stored at the arcade before the run (its history). */
const HISTORY_GAMES = 50_000;
const TOKENS = 300;
const DURATION = size('BENCH_DURATION', 10);
const WARMUP = 2;
const CONNECTIONS = 50;
const FIXED_RATES = [200, 500];
const BUDGET_LEADERBOARD_RATE = 200;
const INGEST_CONNECTIONS = size('BENCH_INGEST_CONNECTIONS', 16);
const BUDGET_LEADERBOARD_P99_MS = 20;
const BUDGET_INGEST_GAMES_PER_S = 300;
/** With the processes `npm start` runs on PostgreSQL (one per core, issue 16). */
const BUDGET_INGEST_PROCESSES_GAMES_PER_S = 500;

interface Result {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
  seconds: number;
}

type Request = { method: string; path: string; headers?: Record<string, string>; body?: string };

/** autocannon in a worker thread (the server shares no event loop with the load). */
async function load(
  url: string,
  requests: Request[] | { setupRequest: string; method: string; path: string },
  options: { connections: number; rate?: number },
): Promise<Result> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: DURATION,
    workers: 1,
    requests: Array.isArray(requests) ? requests : [requests],
    warmup: { connections: options.connections, duration: WARMUP },
    ...(options.rate ? { overallRate: options.rate } : {}),
  });
  const failed = result.errors + result.timeouts + result.non2xx;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result.requests.total - result.non2xx,
    failed,
    seconds: result.duration,
  };
}

/** The bare-Fastify twin of ingest: one row inserted per POST, on its own pool. */
async function startInsertBaseline(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  await pool.query('create table bench_rows (id bigserial primary key, body jsonb not null)');
  const app = Fastify({ logger: false });
  app.post('/baseline', async (request) => {
    await pool.query('insert into bench_rows (body) values ($1)', [request.body]);
    return { ok: true };
  });
  app.addHook('onClose', () => pool.end());
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    close: () => app.close(),
  };
}

/** A module autocannon's worker requires: each request a random template, a fresh key. */
function writeSetupModule(templates: Array<{ authorization: string; body: string }>): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-bench-')), 'setup.cjs');
  fs.writeFileSync(
    file,
    `const { randomUUID } = require('node:crypto');
const templates = ${JSON.stringify(templates)};
module.exports = (request) => {
  const t = templates[Math.floor(Math.random() * templates.length)];
  request.headers = { ...request.headers, authorization: t.authorization, 'content-type': 'application/json' };
  request.body = t.body.replace('@KEY@', randomUUID());
  return request;
};
`,
  );
  return file;
}

async function main(): Promise<void> {
  const db = await openBenchDatabase();
  if (!db) {
    const url = process.env.TEST_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
    process.stdout.write(
      `${TITLE}\n\nSkipped: no PostgreSQL answers at ${url.replace(/\/\/[^@]*@/, '//')}. ` +
        'Start one or set TEST_DATABASE_URL to run this benchmark.\n',
    );
    return;
  }
  const cleanup = () => void db.drop().finally(() => process.exit(130));
  process.once('SIGINT', cleanup);
  process.once('SIGTERM', cleanup);
  const issuer = await startTestIssuer();
  const baseline = await startBaseline();
  const insertBaseline = await startInsertBaseline(db.url);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    progress(`seeding ${rps(PLAYERS)} players with statistics on ${db.server}`);
    const seedStart = performance.now();
    await seedBoardPlayers((text) => db.query(text), PLAYERS);
    await createArcade(db.database.db, { id: 'bench-arcade', name: 'Bench Arcade', city: '' });
    await db.query(`insert into maps (id, name, icon_path) values
      ('neon-docks', 'Neon Docks', '/assets/maps/neon-docks.svg'),
      ('skyline', 'Skyline', '/assets/maps/skyline.svg')`);
    const devices: Array<{ id: string; key: string }> = [];
    for (let i = 1; i <= DEVICES; i++) {
      const { key } = await createDevice(db.database.db, {
        arcade: 'bench-arcade',
        id: `dev-${i}`,
        name: `Bench ${i}`,
      });
      devices.push({ id: `dev-${i}`, key });
    }
    // A venue some months in: stored games at the arcade and achievement facts for a quarter of
    // the players. Without them the bench measured an empty games table, whose plans every pooled
    // connection keeps (the foreign-key checks of each game's teams, players and unlocks by
    // sequential scan of games, the facts by a scan of their table) while the table grows under
    // the load, until autovacuum analyses it: minutes a running venue spends once, not per game.
    await db.query(`insert into games (arcade_id, device_id, application_id, type, map_id,
        played_at, duration_seconds, idempotency_key)
      select 'bench-arcade', 'dev-' || (1 + g % ${DEVICES}), 'commando', 'deathmatch',
             'neon-docks', now() - make_interval(mins => g), 600, 'history-' || g
      from generate_series(1, ${HISTORY_GAMES}) g`);
    await db.query(`insert into player_achievement_facts (user_id)
      select id from users order by id limit ${Math.floor(PLAYERS / 4)}`);
    // The same quarter's statistics at the arcade (last month for all arcades and here, all time
    // here; this month for a tenth of them) and their first achievements. Seeded empty, the
    // analysed tables made every pooled connection plan the achievements' per-player reads as
    // scans of a one-page table, which grew under the load: 3-4 ms per game at one connection.
    await db.query(`insert into player_stats_periods (user_id, application_id, period_kind,
        period_start, arcade_id, games_played, games_won, games_lost, kills, deaths, score_total,
        best_score)
      select s.user_id, s.application_id, k.kind, k.start, k.arcade, s.games_played,
             s.games_won, s.games_lost, s.kills, s.deaths, s.score_total, s.best_score
      from (select f.user_id, row_number() over (order by f.user_id) as n
            from player_achievement_facts f) q
      join player_stats s on s.user_id = q.user_id
      cross join lateral (values
        ('month', date_trunc('month', now() - interval '1 month')::date, ''),
        ('month', date_trunc('month', now() - interval '1 month')::date, 'bench-arcade'),
        ('all', date '1970-01-01', 'bench-arcade'),
        ('month', date_trunc('month', now())::date, case when q.n % 10 = 0 then 'bench-arcade' end)
      ) as k(kind, start, arcade)
      where k.arcade is not null`);
    await db.query(`insert into player_achievements (user_id, achievement_id, unlocked_at)
      select f.user_id, a.id, now() - interval '40 days'
      from player_achievement_facts f cross join (values ('first-game'), ('first-win')) a(id)`);
    await db.query('vacuum analyze');
    // Write out what the bulk load left in memory now, not in the middle of a measurement.
    await db.query('checkpoint');
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      RATE_LIMIT_MAX: '100000000',
      DATABASE_URL: db.url,
      OIDC_ISSUER: issuer.issuer,
      OIDC_AUDIENCE: TEST_AUDIENCE,
      OIDC_CLIENT_ID: TEST_CLIENT_ID,
      // This app is one process: its settings are those of `npm start` with WORKERS=1 (the
      // default ingest transactions are shared out over the processes, config.ts).
      WORKERS: '1',
      // The ingest's limits when the run sets them (the server processes below inherit them too).
      ...(process.env.INGEST_TRANSACTIONS
        ? { INGEST_TRANSACTIONS: process.env.INGEST_TRANSACTIONS }
        : {}),
      ...(process.env.INGEST_BATCH_GAMES
        ? { INGEST_BATCH_GAMES: process.env.INGEST_BATCH_GAMES }
        : {}),
    });
    app = await buildApp({
      config,
      database: db.database,
      verifier: remoteVerifier(issuer.issuer, TEST_AUDIENCE),
      logStream: fs.createWriteStream('/dev/null'),
    });
    await app.database.warm(); // as the server does before it listens (server.ts)
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    // Leaderboard: page 1 and the caller's own rank; callers spread over the whole board.
    const tokens: string[] = [];
    for (let i = 0; i < TOKENS; i++)
      tokens.push(await issuer.mint(`lb-${1 + Math.floor(((i + 0.5) / TOKENS) * PLAYERS)}`));
    const board = (query: string) =>
      tokens.map((token) => ({
        method: 'GET',
        path: `/api/leaderboards/commando?${query}`,
        headers: { authorization: `Bearer ${token}` },
      }));
    const probe = await fetch(`${url}/api/leaderboards/commando?metric=score`, {
      headers: { authorization: `Bearer ${tokens[TOKENS / 2]}` },
    });
    const probed = (await probe.json()) as {
      entries?: unknown[];
      me?: { rank: number };
      total?: number;
    };
    if (
      probe.status !== 200 ||
      probed.entries?.length !== 20 ||
      !probed.me ||
      probed.total !== PLAYERS
    )
      throw new Error(
        `leaderboard answered ${probe.status}: ${JSON.stringify(probed).slice(0, 300)}`,
      );

    progress('baseline GET, full load');
    const baseMax = await load(baseline.url, [{ method: 'GET', path: baseline.path }], {
      connections: CONNECTIONS,
    });
    progress('leaderboard score page 1 + me, full load');
    const lbMax = await load(url, board('metric=score'), { connections: CONNECTIONS });
    progress('leaderboard K/D page 1 + me, full load');
    const kdMax = await load(url, board('metric=kd'), { connections: CONNECTIONS });
    progress('leaderboard deep page (25,000) + me, full load');
    const deepMax = await load(url, board('metric=wins&page=25000'), { connections: CONNECTIONS });
    const fixed = async (target: string, requests: OpenLoopRequest[], rate: number) =>
      openLoop({
        url: target,
        requests,
        rate,
        duration: DURATION,
        warmup: WARMUP,
        connections: CONNECTIONS,
      });
    const fixedRows: Array<{
      rate: number;
      base: OpenLoopResult;
      lb: OpenLoopResult;
      kd: OpenLoopResult;
    }> = [];
    for (const rate of FIXED_RATES) {
      progress(`baseline and leaderboard at ${rate} requests/s (open loop)`);
      fixedRows.push({
        rate,
        base: await fixed(baseline.url, [{ path: baseline.path }], rate),
        lb: await fixed(url, board('metric=score'), rate),
        kd: await fixed(url, board('metric=kd'), rate),
      });
    }
    const checked: Array<[string, { failed: number }]> = [
      ['score', lbMax],
      ['kd', kdMax],
      ['deep', deepMax],
      ...fixedRows.flatMap(({ rate, lb, kd }): Array<[string, { failed: number }]> => [
        [`score at ${rate}/s`, lb],
        [`kd at ${rate}/s`, kd],
      ]),
    ];
    for (const [name, r] of checked)
      if (r.failed > 0) throw new Error(`leaderboard ${name}: ${r.failed} requests failed`);

    // Ingest: reports of 8 players (4 registered of the first 200k, 4 guests) from 60 devices.
    const templates = Array.from({ length: 2000 }, (_, i) => {
      const device = devices[i % DEVICES]!;
      const players = [0, 1, 2, 3].map((s) => `lb-${1 + (((i * 4 + s) * 7919) % 200_000)}`);
      return { device, subs: players };
    });
    const ids = new Map(
      (
        await db.query<{ identity_sub: string; id: string }>(
          'select identity_sub, id from users where identity_sub = any($1)',
          [templates.flatMap((t) => t.subs)],
        )
      ).rows.map((r) => [r.identity_sub, r.id]),
    );
    // A device may report only the players on its roster (each template's players are on no
    // other template). Seat them all, and put released players back at once with a bench-only
    // trigger, as if they joined again for the next match: every report passes the roster check.
    await db.query(
      `insert into device_players (user_id, arcade_id, device_id)
       select unnest($1::uuid[]), 'bench-arcade', unnest($2::text[]) on conflict do nothing`,
      [
        templates.flatMap((t) => t.subs.map((sub) => ids.get(sub)!)),
        templates.flatMap((t) => t.subs.map(() => t.device.id)),
      ],
    );
    await db.query(`create function bench_rejoin() returns trigger language plpgsql as $$
      begin
        insert into device_players (user_id, arcade_id, device_id)
        values (old.user_id, old.arcade_id, old.device_id) on conflict do nothing;
        return null;
      end $$`);
    await db.query(`create trigger bench_rejoin after delete on device_players
      for each row execute function bench_rejoin()`);
    const reportBodies = templates.map(({ device, subs }, i) => {
      const report: GameReportInput = {
        idempotencyKey: '@KEY@',
        type: 'deathmatch',
        mapId: i % 2 ? 'neon-docks' : 'skyline',
        durationSeconds: 600,
        teams: [
          { id: 1, name: 'Team Rot', score: 12 + (i % 5) },
          { id: 2, name: 'Team Blau', score: 10 + (i % 7) },
        ],
        players: [
          ...subs.map((sub, s) => ({
            userId: ids.get(sub)!,
            teamId: 1 + (s % 2),
            kills: 3 + ((i + s) % 6),
            deaths: 2 + ((i * s) % 5),
            score: 300 + ((i * 37 + s * 91) % 900),
          })),
          ...[1, 2, 3, 4].map((g) => ({
            guestName: `Gast ${g}`,
            teamId: 1 + (g % 2),
            kills: g,
            deaths: 3,
            score: 100 * g,
          })),
        ],
      };
      return {
        authorization: deviceAuthorization('bench-arcade', device.id, device.key),
        body: JSON.stringify(report),
      };
    });
    const setup = writeSetupModule(reportBodies);
    const first = await fetch(`${url}/api/device/v1/games`, {
      method: 'POST',
      headers: {
        authorization: reportBodies[0]!.authorization,
        'content-type': 'application/json',
      },
      body: reportBodies[0]!.body.replace('@KEY@', 'bench-probe-key'),
    });
    if (first.status !== 201)
      throw new Error(`ingest answered ${first.status}: ${await first.text()}`);

    const before = (
      await db.query<{ games: number; played: string }>(
        `select (select count(*) from games)::int as games,
                (select sum(games_played) from player_stats)::text as played`,
      )
    ).rows[0]!;
    progress(`ingest baseline (one insert per POST), ${INGEST_CONNECTIONS} connections`);
    const insertMax = await load(
      insertBaseline.url,
      { setupRequest: setup, method: 'POST', path: '/baseline' },
      { connections: INGEST_CONNECTIONS },
    );
    progress(`ingest POST /api/device/v1/games, ${INGEST_CONNECTIONS} connections`);
    const ingestMax = await load(
      url,
      { setupRequest: setup, method: 'POST', path: '/api/device/v1/games' },
      { connections: INGEST_CONNECTIONS },
    );
    // The same load on the built server as `npm start` runs it on PostgreSQL: node:cluster with
    // one process per core (WORKERS unset), the in-process app above idle beside it.
    progress('building the server and starting it as `npm start` does (one process per core)');
    buildServer();
    const processes = await startServerProcess({
      DATABASE_URL: db.url,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000000',
      OIDC_ISSUER: issuer.issuer,
      OIDC_AUDIENCE: TEST_AUDIENCE,
      OIDC_CLIENT_ID: TEST_CLIENT_ID,
    });
    let ingestProcesses: Result;
    try {
      await processes.ready();
      progress(
        `ingest on ${os.availableParallelism()} server processes, ${INGEST_CONNECTIONS} connections`,
      );
      ingestProcesses = await load(
        processes.url,
        { setupRequest: setup, method: 'POST', path: '/api/device/v1/games' },
        { connections: INGEST_CONNECTIONS },
      );
    } finally {
      processes.kill();
      await processes.exited;
    }
    if (ingestProcesses.failed > 0)
      throw new Error(`ingest (processes): ${ingestProcesses.failed} requests failed`);
    const after = (
      await db.query<{ games: number; played: string; buckets: string; stats: string }>(
        `select (select count(*) from games)::int as games,
                (select sum(games_played) from player_stats)::text as played,
                (select sum(players) from player_rank_buckets where metric = 'score')::text as buckets,
                (select count(*) from player_stats)::text as stats`,
      )
    ).rows[0]!;
    if (ingestMax.failed > 0) throw new Error(`ingest: ${ingestMax.failed} requests failed`);
    const stored = after.games - before.games;
    const playedAdded = Number(after.played) - Number(before.played);
    // Warm-up requests are stored too: every stored game added exactly 4 registered players.
    const consistent = playedAdded === stored * 4 && after.buckets === after.stats;
    const gamesPerSecond = ingestMax.rps;

    const header = ['Route', 'req/s', 'p50', 'p99', 'req/s vs baseline', 'p99 vs baseline'];
    const row = (name: string, r: Result, base: Result) => [
      name,
      rps(r.rps),
      ms(r.p50),
      ms(r.p99),
      ratio(r.rps / base.rps),
      // autocannon reports whole milliseconds: a baseline under 1 ms counts as 1 ms.
      ratio(r.p99 / Math.max(base.p99, 1)),
    ];
    // DESIGN §7 names no rate for the leaderboard; it is judged at BUDGET_LEADERBOARD_RATE
    // (as since the first run of this bench) and the other rates are shown beside it.
    const slower = (r: (typeof fixedRows)[number]) => Math.max(r.lb.p99, r.kd.p99);
    const budgetRow = fixedRows.find((r) => r.rate === BUDGET_LEADERBOARD_RATE)!;
    const lbMet = slower(budgetRow) <= BUDGET_LEADERBOARD_P99_MS;
    const ingestMet = gamesPerSecond >= BUDGET_INGEST_GAMES_PER_S;
    const processesMet = ingestProcesses.rps >= BUDGET_INGEST_PROCESSES_GAMES_PER_S;
    const lines = [
      TITLE,
      '',
      `PostgreSQL (${db.server.replace(/\/[^/]*$/, '')}), ${rps(PLAYERS)} players with all-time ` +
        `statistics, ${rps(HISTORY_GAMES)} games stored before the run (a venue some months in) ` +
        `and achievement facts for a quarter of the players (seeded in ${seedSeconds.toFixed(1)} s, ` +
        'then analysed as autovacuum does on a running server). The real app (`buildApp`, production ' +
        'logging, RS256 token verified per request) on loopback; the load from a worker thread ' +
        '(autocannon at full load, closed loop), ' +
        `${DURATION} s per row after ${WARMUP} s of warm-up. Leaderboard callers rotate over ` +
        `${TOKENS} players spread over the whole board, so \`me\` is almost always off the page ` +
        '(its rank comes from the rank buckets plus a count inside one bucket).',
      '',
      `### Leaderboard page + own rank (${CONNECTIONS} connections, full load)`,
      '',
      table(header, [
        row('bare Fastify `GET /baseline` (baseline)', baseMax, baseMax),
        row('`GET /api/leaderboards/commando?metric=score` + me', lbMax, baseMax),
        row('`…?metric=kd` + me (partial expression index)', kdMax, baseMax),
        row('`…?metric=wins&page=25000` + me (bucket seek)', deepMax, baseMax),
      ]),
      '',
      `### At fixed arrival rates (open loop, up to ${CONNECTIONS} connections; DESIGN §7 budget: p99 ≤ ${BUDGET_LEADERBOARD_P99_MS} ms)`,
      '',
      'Requests go out evenly spaced whether or not earlier ones were answered, and each latency ' +
        'runs from the instant the request was due (`support/open-loop.ts`, as wrk2 measures).',
      '',
      table(
        ['Rate', 'Route', 'req/s', 'p50', 'p90', 'p99', 'max', 'p99 vs baseline'],
        fixedRows.flatMap(({ rate, base, lb, kd }) =>
          (
            [
              ['bare Fastify `GET /baseline` (baseline)', base],
              ['`GET /api/leaderboards/commando?metric=score` + me', lb],
              ['`…?metric=kd` + me', kd],
            ] as const
          ).map(([name, r]) => [
            `${rate}/s`,
            name,
            rps(r.rps),
            ms(r.p50),
            ms(r.p90),
            ms(r.p99),
            ms(r.max),
            ratio(r.p99 / base.p99),
          ]),
        ),
      ),
      '',
      `Budget: leaderboard page + own rank p99 ${ms(slower(budgetRow))} at ` +
        `${BUDGET_LEADERBOARD_RATE} requests/s (the slower of score and K/D) — ` +
        `**${lbMet ? 'met' : 'NOT met'}** (≤ ${BUDGET_LEADERBOARD_P99_MS} ms). For comparison, ` +
        fixedRows
          .filter((r) => r !== budgetRow)
          .map((r) => `${ms(slower(r))} at ${r.rate} requests/s`)
          .join(', ') +
        '.',
      '',
      `### Game ingest (${INGEST_CONNECTIONS} connections, ${DEVICES} devices, 8 players per game: 4 registered, 4 guests)`,
      '',
      table(
        ['Route', 'games/s (req/s)', 'p50', 'p99', 'vs baseline'],
        [
          [
            'bare Fastify `POST /baseline`: one row inserted (baseline)',
            rps(insertMax.rps),
            ms(insertMax.p50),
            ms(insertMax.p99),
            ratio(1),
          ],
          [
            '`POST /api/device/v1/games` (game, teams, players, stats, periods, ranks, ratings, release)',
            rps(gamesPerSecond),
            ms(ingestMax.p50),
            ms(ingestMax.p99),
            ratio(gamesPerSecond / insertMax.rps),
          ],
          [
            `the same on the built server, ${os.availableParallelism()} processes (\`npm start\` on PostgreSQL)`,
            rps(ingestProcesses.rps),
            ms(ingestProcesses.p50),
            ms(ingestProcesses.p99),
            ratio(ingestProcesses.rps / insertMax.rps),
          ],
        ],
      ),
      '',
      `Budget: ${rps(gamesPerSecond)} games/s with statistics updated — ` +
        `**${ingestMet ? 'met' : 'NOT met'}** (≥ ${BUDGET_INGEST_GAMES_PER_S} games/s). ` +
        `${rps(stored)} games stored during the run (warm-up included); statistics and rank ` +
        `buckets ${consistent ? 'checked consistent afterwards' : '**inconsistent afterwards**'}. ` +
        `With the processes \`npm start\` runs: ${rps(ingestProcesses.rps)} games/s — ` +
        `**${processesMet ? 'met' : 'NOT met'}** (≥ ${BUDGET_INGEST_PROCESSES_GAMES_PER_S} games/s).`,
      '',
    ];
    process.stdout.write(lines.join('\n'));
    if (!consistent)
      throw new Error(`inconsistent after ingest: ${JSON.stringify({ before, after, stored })}`);
  } finally {
    progress('cleaning up');
    await app?.close();
    await baseline.close();
    await insertBaseline.close();
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
