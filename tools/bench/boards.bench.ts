// Every leaderboard (score, K/D, wins and the rating board of one mode: page 1 plus the caller's
// own rank among 1M players) at a fixed arrival rate, beside a Redis sorted-set baseline measured
// in the same run (a bare Fastify route doing ZREVRANGE + ZREVRANK + ZCARD over 1M members), and
// the match page `GET /api/matches/{id}` over stored games beside the bare Fastify baseline.
// Prints one markdown section on stdout. Sizes can be made small for a trial run:
// BENCH_BOARD_PLAYERS, BENCH_MATCH_GAMES, BENCH_DURATION, BENCH_BOARD_RATE, BENCH_MATCH_RATE.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import Redis from 'ioredis';
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
import { openLoop, type OpenLoopRequest, type OpenLoopResult } from './support/open-loop';
import { seedBoardPlayers, seedPlayers } from './support/players';
import { ms, progress, ratio, rps, table } from './support/report';

const TITLE = '## Leaderboards beside Redis, and the match page (boards.bench.ts)';
const size = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const PLAYERS = size('BENCH_BOARD_PLAYERS', 1_000_000);
const GAMES = size('BENCH_MATCH_GAMES', 5000);
const DURATION = size('BENCH_DURATION', 10);
const WARMUP = 2;
const CONNECTIONS = 50;
const BOARD_RATE = size('BENCH_BOARD_RATE', 500);
const MATCH_RATE = size('BENCH_MATCH_RATE', 200);
const TOKENS = 300;
const CAPACITY_CONNECTIONS = 8;
const CAPACITY_SECONDS = 3;
const MATCH_IDS = 2000;
const PAGE = 20;
const BUDGET_P99_MS = 20;
const BUDGET_VS_REDIS = 2;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The Redis twin of a leaderboard: one sorted set of every player's score, and a bare Fastify
 * route answering page 1 (ZREVRANGE … WITHSCORES), the caller's rank (ZREVRANK) and the total
 * (ZCARD) in one pipeline round trip — what a board kept in Redis does at best.
 */
async function startRedisBaseline(members: Array<[string, number]>) {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const key = `arcadia:bench:board:${process.pid}:${Date.now()}`;
  for (let i = 0; i < members.length; i += 10_000) {
    const args: Array<string | number> = [];
    for (const [member, score] of members.slice(i, i + 10_000)) args.push(score, member);
    await redis.zadd(key, ...args);
  }
  const app = Fastify({ logger: false });
  app.get<{ Querystring: { me: string } }>('/redis-board', async (request) => {
    const answers = await redis
      .pipeline()
      .zrevrange(key, 0, PAGE - 1, 'WITHSCORES')
      .zrevrank(key, request.query.me)
      .zcard(key)
      .exec();
    if (!answers) throw new Error('redis pipeline answered nothing');
    for (const [error] of answers) if (error) throw error;
    const flat = answers[0]![1] as string[];
    const entries = [];
    for (let i = 0; i < flat.length; i += 2)
      entries.push({ rank: i / 2 + 1, member: flat[i], value: Number(flat[i + 1]) });
    const rank = answers[1]![1] as number | null;
    return { entries, me: rank === null ? null : { rank: rank + 1 }, total: answers[2]![1] };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    members: await redis.zcard(key),
    close: async () => {
      await app.close();
      await redis.del(key);
      await redis.quit();
    },
  };
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
  let redisBaseline: Awaited<ReturnType<typeof startRedisBaseline>> | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    // The match page's games first (support/players.ts: games of 8 players, stored as the ingest
    // stores them); their players have statistics too, and the board players fill up to PLAYERS.
    const matchPlayers = Math.max(100, Math.min(GAMES, PLAYERS));
    progress(`seeding ${rps(GAMES)} games of ${rps(matchPlayers)} players on ${db.server}`);
    const seedStart = performance.now();
    await seedPlayers((text) => db.query(text), { players: matchPlayers, games: GAMES });
    const withStats = Number(
      (await db.query<{ n: string }>('select count(*) as n from player_stats')).rows[0]!.n,
    );
    const boardPlayers = Math.max(0, PLAYERS - withStats);
    progress(`seeding ${rps(boardPlayers)} more players with statistics and ratings`);
    await seedBoardPlayers((text) => db.query(text), boardPlayers);
    // Every player with statistics has an elimination rating: μ 15…35, σ 1…8, the displayed
    // rating as docs/rating.md derives it (so many players share a rating, as on a real board).
    await db.query(`
      insert into player_ratings (user_id, application_id, mode, mu, sigma, rating, games)
      select r.user_id, 'commando', 'elimination', r.mu, r.sigma,
             greatest(0, round(1000 + 40 * (r.mu - 3 * r.sigma)))::int, r.games
      from (
        select s.user_id, 15 + (abs(hashtext(s.id || ':mu')::bigint) % 2000) / 100.0 as mu,
               1 + (abs(hashtext(s.id || ':sigma')::bigint) % 700) / 100.0 as sigma,
               1 + abs(hashtext(s.id || ':games')::bigint) % 60 as games
        from (select user_id, user_id::text as id from player_stats
              where application_id = 'commando') s
      ) r`);
    await db.query('vacuum analyze');
    await db.query('checkpoint');
    const seedSeconds = (performance.now() - seedStart) / 1000;

    // The Redis set holds the same players and scores as the score board.
    progress('loading the Redis sorted set');
    const redisStart = performance.now();
    const scores = await db.query<{ sub: string; score: number }>(`
      select u.identity_sub as sub, s.score_total::float8 as score
      from player_stats s join users u on u.id = s.user_id where s.application_id = 'commando'`);
    redisBaseline = await startRedisBaseline(scores.rows.map((r) => [r.sub, r.score]));
    const redisSeconds = (performance.now() - redisStart) / 1000;
    if (redisBaseline.members !== PLAYERS)
      throw new Error(`redis holds ${redisBaseline.members} members, not ${PLAYERS}`);

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
      logStream: fs.createWriteStream('/dev/null'),
    });
    await app.database.warm(); // as the server does before it listens (server.ts)
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    // Callers spread over the whole board, so `me` is almost always off the page.
    const subs = Array.from(
      { length: TOKENS },
      (_, i) => `lb-${1 + Math.floor(((i + 0.5) / TOKENS) * boardPlayers)}`,
    );
    const tokens = await Promise.all(subs.map((sub) => issuer.mint(sub)));
    const board = (query: string): OpenLoopRequest[] =>
      tokens.map((token) => ({
        path: `/api/leaderboards/commando?${query}`,
        headers: { authorization: `Bearer ${token}` },
      }));
    const boards = [
      ['`GET /api/leaderboards/commando?metric=score` + me', 'metric=score'],
      ['`…?metric=kd` + me', 'metric=kd'],
      ['`…?metric=wins` + me', 'metric=wins'],
      ['`…?metric=rating&mode=elimination` + me', 'metric=rating&mode=elimination'],
    ] as const;
    for (const [, query] of boards) {
      const probe = await fetch(`${url}/api/leaderboards/commando?${query}`, {
        headers: { authorization: `Bearer ${tokens[TOKENS / 2]}` },
      });
      const body = (await probe.json()) as { entries?: unknown[]; me?: { rank: number } };
      if (probe.status !== 200 || body.entries?.length !== PAGE || !body.me)
        throw new Error(`${query} answered ${probe.status}: ${JSON.stringify(body).slice(0, 300)}`);
    }
    const redisRequests = subs.map((sub) => ({ path: `/redis-board?me=${sub}` }));
    const redisProbe = (await (
      await fetch(`${redisBaseline.url}${redisRequests[0]!.path}`)
    ).json()) as {
      entries: unknown[];
      me: { rank: number } | null;
    };
    if (redisProbe.entries.length !== PAGE || !redisProbe.me)
      throw new Error(`redis baseline answered ${JSON.stringify(redisProbe).slice(0, 300)}`);

    const ids = (
      await db.query<{ id: string }>(
        `select id from games order by hashtext(id::text) limit ${MATCH_IDS}`,
      )
    ).rows.map((r) => r.id);
    const matchRequests = ids.map((id) => ({ path: `/api/matches/${id}` }));
    const matchProbe = await fetch(`${url}${matchRequests[0]!.path}`);
    if (matchProbe.status !== 200)
      throw new Error(`match page answered ${matchProbe.status}: ${await matchProbe.text()}`);

    const fixed = (target: string, requests: OpenLoopRequest[], rate: number) =>
      openLoop({
        url: target,
        requests,
        rate,
        duration: DURATION,
        warmup: WARMUP,
        connections: CONNECTIONS,
      });
    // A board that cannot serve the rate at all would queue for minutes in an open loop: each
    // is first loaded closed loop for a moment, and only run at the rate when it keeps up.
    const capacity = async (requests: OpenLoopRequest[]) => {
      const result = await autocannon({
        url,
        connections: CAPACITY_CONNECTIONS,
        duration: CAPACITY_SECONDS,
        workers: 1,
        requests: requests.map((r) => ({ method: 'GET', ...r })),
      });
      return {
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        failed: result.errors + result.timeouts + result.non2xx,
      };
    };
    // The match page first: a saturated board leaves no backlog behind in its figures.
    progress(`bare Fastify baseline and match page at ${MATCH_RATE} requests/s`);
    const base = await fixed(baseline.url, [{ path: baseline.path }], MATCH_RATE);
    const match = await fixed(url, matchRequests, MATCH_RATE);
    progress(`Redis baseline at ${BOARD_RATE} requests/s`);
    const redis = await fixed(redisBaseline.url, redisRequests, BOARD_RATE);
    const boardResults: Array<{
      name: string;
      query: string;
      most: Awaited<ReturnType<typeof capacity>>;
      r: OpenLoopResult | null;
    }> = [];
    for (const [name, query] of boards) {
      progress(`${query}: closed loop for ${CAPACITY_SECONDS} s, then at ${BOARD_RATE} requests/s`);
      const most = await capacity(board(query));
      const keepsUp = most.failed === 0 && most.rps >= BOARD_RATE * 1.1;
      if (!keepsUp)
        progress(`${query} serves ${rps(most.rps)} requests/s at most: not run open loop`);
      boardResults.push({
        name,
        query,
        most,
        r: keepsUp ? await fixed(url, board(query), BOARD_RATE) : null,
      });
    }
    for (const [name, r] of [
      ['redis', redis],
      ['match', match],
      ...boardResults.map((b) => [b.query, b.r ?? { failed: 0 }] as const),
    ] as const)
      if (r.failed > 0) throw new Error(`${name}: ${r.failed} requests failed`);

    const judged = boardResults.map(({ name, most, r }) => {
      const vsRedis = r ? r.p99 / redis.p99 : Infinity;
      const met = r !== null && r.p99 <= BUDGET_P99_MS && vsRedis <= BUDGET_VS_REDIS;
      return { name, most, r, vsRedis, met };
    });
    const row = (name: string, r: OpenLoopResult, against: OpenLoopResult, verdict: string) => [
      name,
      rps(r.rps),
      ms(r.p50),
      ms(r.p90),
      ms(r.p99),
      ms(r.max),
      ratio(r.p99 / against.p99),
      verdict,
    ];
    const saturated = (name: string, most: (typeof judged)[number]['most']) => [
      name,
      `${rps(most.rps)} at most (closed loop, ${CAPACITY_CONNECTIONS} connections)`,
      ms(most.p50),
      '—',
      ms(most.p99),
      '—',
      '—',
      `**NOT met** (cannot serve ${rps(BOARD_RATE)}/s)`,
    ];
    const header = ['Route', 'req/s', 'p50', 'p90', 'p99', 'max', 'p99 vs baseline', 'Budget'];
    const matchMet = match.p99 <= BUDGET_P99_MS;
    const lines = [
      TITLE,
      '',
      `PostgreSQL (${db.server.replace(/\/[^/]*$/, '')}), ${rps(PLAYERS)} players with all-time ` +
        `statistics and an elimination rating each, ${rps(GAMES)} stored games of 8 players ` +
        `(seeded in ${seedSeconds.toFixed(1)} s); Redis at ${REDIS_URL.replace(/\/\/[^@]*@/, '//')} ` +
        `with one sorted set of the same ${rps(redisBaseline.members)} scores (loaded in ` +
        `${redisSeconds.toFixed(1)} s). The real app (\`buildApp\`, production logging, RS256 token ` +
        'verified per request) on loopback; every row an open loop (`support/open-loop.ts`: ' +
        `evenly spaced requests, latency from when each was due, up to ${CONNECTIONS} ` +
        `connections), ${DURATION} s after ${WARMUP} s of warm-up. Board callers rotate over ` +
        `${TOKENS} players spread over the whole board, so \`me\` is almost always off the page. ` +
        `Each board is first loaded closed loop for ${CAPACITY_SECONDS} s (${CAPACITY_CONNECTIONS} ` +
        'connections); one that serves less than 1.1× the rate there is not run at the rate (its ' +
        'queue would only grow) and is shown with what it served.',
      '',
      `### Every leaderboard, page 1 + own rank, at ${BOARD_RATE} requests/s (budget: p99 ≤ ${BUDGET_P99_MS} ms and ≤ ${BUDGET_VS_REDIS}× Redis)`,
      '',
      table(header, [
        row(
          'bare Fastify + Redis: ZREVRANGE (20) + ZREVRANK + ZCARD, one pipeline (baseline)',
          redis,
          redis,
          '',
        ),
        ...judged.map((j) =>
          j.r ? row(j.name, j.r, redis, j.met ? 'met' : '**NOT met**') : saturated(j.name, j.most),
        ),
      ]),
      '',
      `### The match page at ${MATCH_RATE} requests/s (budget: p99 ≤ ${BUDGET_P99_MS} ms)`,
      '',
      `Requests rotate over ${rps(ids.length)} of the stored games.`,
      '',
      table(header, [
        row('bare Fastify `GET /baseline` (baseline)', base, base, ''),
        row('`GET /api/matches/{id}`', match, base, matchMet ? 'met' : '**NOT met**'),
      ]),
      '',
    ];
    process.stdout.write(lines.join('\n'));
  } finally {
    progress('cleaning up');
    await app?.close();
    await redisBaseline?.close();
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
