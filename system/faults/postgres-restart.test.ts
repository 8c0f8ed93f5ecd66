import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceSkip, postgresBinDir, ThrowawayPostgres } from '../support/postgres';
import { buildServer, ServerProcesses } from '../support/server-process';
import { FAULT_ARCADE, prepareArcade } from './support/arcade';
import { checkConsistency } from './support/consistency';
import { LONG, recordFigures, SCENARIO_TIMEOUT_MS } from './support/figures';
import { HttpClient, sleep } from './support/http-client';
import { startProbes, type ProbeResult } from './support/probes';
import { startReporters, type ReportTally } from './support/reporters';
import { postgresTarget, type Target } from './support/targets';

/**
 * PostgreSQL stopped and started again under load, on a cluster of this test's own: meanwhile
 * every request is answered, at once, with 503 (database_unavailable, Retry-After) instead of
 * 500 or a hang; once PostgreSQL is back the server is ready again by itself within 5 s, its
 * LISTEN connection for the device rosters is back, and no acknowledged game is missing.
 */
const RESTARTS = LONG ? 5 : 1;
const OUTAGE_MS = 3_000;
const READY_WITHIN_MS = 5_000;
/** No request may take longer than this, outage or not. */
const HANG_MS = 10_000;

const bin = postgresBinDir();
if (!bin)
  announceSkip(
    'the PostgreSQL restart scenario',
    'initdb and pg_ctl were not found (set POSTGRES_BIN_DIR)',
  );

beforeAll(() => buildServer());

describe.skipIf(!bin)('PostgreSQL restarted under load', () => {
  const servers = new ServerProcesses();
  let cluster: ThrowawayPostgres | undefined;
  let target: Target | undefined;
  let admin: pg.Client | undefined;
  let stopReporters: (() => Promise<ReportTally>) | undefined;
  let closeArcade: (() => Promise<void>) | undefined;
  let stopProbes: (() => Promise<ProbeResult[]>) | undefined;

  afterAll(async () => {
    await closeArcade?.();
    await stopProbes?.();
    await stopReporters?.();
    await servers.killAll();
    await admin?.end().catch(() => undefined);
    await target?.remove().catch(() => undefined);
    await cluster?.remove();
  });

  it(
    `answers 503 while it is down and is ready within ${READY_WITHIN_MS / 1000} s after`,
    { timeout: SCENARIO_TIMEOUT_MS },
    async () => {
      cluster = await ThrowawayPostgres.create(bin!);
      await cluster.start();
      target = await postgresTarget(cluster.url());
      const arcade = await prepareArcade(target, { devices: 5, players: 16 });
      // The fifth device only waits for its roster: reports would change its version.
      const [watcher] = arcade.devices.splice(4, 1);
      closeArcade = arcade.close;
      const server = await servers.start({ ...target.env, ...arcade.env, SEED_DEMO: 'false' });
      await server.ready();
      const databaseUrl = target.env.DATABASE_URL!;
      const databaseName = new URL(databaseUrl).pathname.slice(1);

      const device = { authorization: watcher!.authorization };
      const probes = startProbes(server.url, [
        { path: '/api/ready' },
        { path: '/api/leaderboards/commando' },
        { path: '/api/news' },
        { path: '/api/device/v1/players', headers: device },
      ]);
      stopProbes = probes.stop;
      const reporters = startReporters(server.url, arcade);
      stopReporters = reporters.stop;

      const recoveries: number[] = [];
      const outages: Array<{ from: number; to: number }> = [];
      for (let restart = 1; restart <= RESTARTS; restart++) {
        await sleep(2_000);
        const from = performance.now();
        await cluster.stop('fast');
        await sleep(OUTAGE_MS);
        await cluster.start();
        const back = performance.now();
        outages.push({ from, to: back });
        // The first 200 from /api/ready sent after PostgreSQL accepts connections again.
        const deadline = back + READY_WITHIN_MS + 10_000;
        let readyAt: number | undefined;
        while (readyAt === undefined && performance.now() < deadline) {
          readyAt = probes.results.find(
            (r) => r.path === '/api/ready' && r.at >= back && r.status === 200,
          )?.at;
          await sleep(50);
        }
        expect(readyAt, `ready again after restart ${restart}:\n${server.output()}`).toBeDefined();
        recoveries.push(Math.round(readyAt! - back));
      }
      await sleep(2_000);
      const tally = await reporters.stop();
      const results = await probes.stop();

      // The LISTEN connection for roster wake-ups is back: a change notified in SQL wakes a
      // waiting device at once (without it, the device would wait for its 5 s re-read).
      admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      const listening = await admin.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = $1 and query ~* '^listen '`,
        [databaseName],
      );
      const client = new HttpClient(server.url);
      const wakeMs: number[] = [];
      for (let sample = 0; sample < 3; sample++) {
        const current = await client.request('GET', '/api/device/v1/players', { headers: device });
        const { version } = current.body as { version: number };
        const poll = client.request('GET', `/api/device/v1/players?since=${version}&wait=10`, {
          headers: device,
        });
        await sleep(300);
        const changed = performance.now();
        await admin.query(
          `with bumped as (update devices set roster_version = roster_version + 1
           where arcade_id = $1 and id = $2 returning 1)
         select pg_notify('arcadia_device_roster', $1 || ';' || $2) from bumped`,
          [FAULT_ARCADE, watcher!.id],
        );
        const answer = await poll;
        expect((answer.body as { version: number }).version).toBeGreaterThan(version);
        wakeMs.push(Math.round(performance.now() - changed));
      }
      client.close();
      server.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);

      const database = await target.open();
      const consistency = await checkConsistency(database.db, tally.acknowledged);
      await database.close();

      const during = (r: ProbeResult) => outages.some((o) => r.at >= o.from && r.at < o.to);
      const byStatus = (rs: ProbeResult[]) =>
        rs.reduce<Record<string, number>>((acc, r) => {
          const key = r.status ? `${r.status}${r.code ? ` ${r.code}` : ''}` : (r.error ?? '?');
          acc[key] = (acc[key] ?? 0) + 1;
          return acc;
        }, {});
      recordFigures('PostgreSQL restarted under load', {
        restarts: RESTARTS,
        outageMs: OUTAGE_MS,
        readyAgainMs: recoveries,
        probesDuringOutage: byStatus(results.filter(during)),
        probes: byStatus(results),
        slowestProbeMs: Math.round(Math.max(...results.map((r) => r.ms))),
        reports: tally.outcomes,
        slowestReportMs: Math.round(tally.maxMs),
        acknowledged: tally.acknowledged.length,
        lost: consistency.lost.length,
        listenConnections: listening.rows[0]?.n,
        rosterWakeMs: wakeMs,
      });

      for (const ms of recoveries) expect(ms).toBeLessThan(READY_WITHIN_MS);
      // Every answer a 2xx or a clean 503, every one in time; the outage was seen.
      const unclean = results.filter(
        (r) => r.status === undefined || (r.status !== 503 && r.status >= 300),
      );
      expect(unclean).toEqual([]);
      expect(Math.max(...results.map((r) => r.ms))).toBeLessThan(HANG_MS);
      const refused = results.filter((r) => r.status === 503);
      expect(refused.filter(during).length).toBeGreaterThan(0);
      for (const r of refused) {
        expect(r.code).toBe(r.path === '/api/ready' ? 'not_ready' : 'database_unavailable');
        expect(r.retryAfter).toBe('1');
      }
      expect(tally.unexpected).toEqual([]);
      expect(tally.maxMs).toBeLessThan(HANG_MS);
      expect(tally.outcomes['503 database_unavailable']).toBeGreaterThan(0);
      expect(consistency.lost).toEqual([]);
      expect(consistency.games).toBe(tally.acknowledged.length);
      expect(listening.rows[0]?.n).toBeGreaterThanOrEqual(1);
      for (const ms of wakeMs) expect(ms).toBeLessThan(2_000);
    },
  );
});
