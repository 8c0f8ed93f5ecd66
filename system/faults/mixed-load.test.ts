import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestIssuer,
  TEST_AUDIENCE,
  TEST_CLIENT_ID,
  type TestIssuer,
} from '../../apps/server/test/support/issuer';
import { openLoop, type OpenLoopResult } from '../../tools/bench/support/open-loop';
import { announceSkip } from '../support/postgres';
import { buildServer, ServerProcesses, type ServerProcess } from '../support/server-process';
import { prepareArcade, type FaultArcade } from './support/arcade';
import { LONG, mb, recordFigures, SCENARIO_TIMEOUT_MS } from './support/figures';
import {
  mixedRequests,
  publishNews,
  registerPlayers,
  sampleMemory,
  type LoadPlayer,
} from './support/mixed-load';
import { createTarget, label, targetKinds, type Target } from './support/targets';

/**
 * Profiles, leaderboards, search, news and game reports at a fixed rate (open loop: requests go
 * out on schedule whatever the server does): no 5xx and no failure at all, every acknowledged
 * report stored, p99 and the rate sustained reported, and the server's memory flat (the last
 * sample within 1.5 times the one after the warm-up). 20 s in CI, ten minutes with FAULTS_LONG=1.
 * With FAULTS_CAPACITY=1 (and in the long run) also a ramp of rates to find what each database
 * sustains.
 */
const RATE = Number(process.env.FAULTS_RATE ?? 40);
const DURATION_S = LONG ? 600 : 20;
const WARMUP_S = LONG ? 60 : 5;
const CAPACITY = LONG || process.env.FAULTS_CAPACITY === '1';
/** The ramp of the capacity measurement, requests/s, 10 s each. */
const RAMP = [25, 50, 100, 150, 200, 300, 400];
/** A rate counts as sustained with every request answered 2xx, on time and p99 under this. */
const SUSTAINED_P99_MS = 500;

const games = async (target: Target) => {
  const database = await target.open();
  try {
    const res = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from games`);
    return Number(res.rows[0]!.n);
  } finally {
    await database.close();
  }
};

const created = (result: OpenLoopResult) => result.statusesAll['201'] ?? 0;

beforeAll(() => buildServer());

for (const { kind, skip } of targetKinds) {
  if (skip) announceSkip('the mixed load on PostgreSQL', 'TEST_DATABASE_URL is not set');
  describe.skipIf(skip)(`mixed load (${label(kind)})`, () => {
    const servers = new ServerProcesses();
    let issuer: TestIssuer | undefined;
    let target: Target | undefined;
    let server: ServerProcess | undefined;
    let arcade: FaultArcade | undefined;
    let players: LoadPlayer[] = [];

    beforeAll(async () => {
      issuer = await startTestIssuer();
      target = await createTarget(kind);
      arcade = await prepareArcade(target, { devices: 4, players: 0 });
      await publishNews(target);
    });

    afterAll(async () => {
      await servers.killAll();
      await issuer?.close();
      await arcade?.close();
      await target?.remove();
    });

    const start = async () => {
      server = await servers.start({
        ...target!.env,
        SEED_DEMO: 'false',
        OIDC_ISSUER: issuer!.issuer,
        OIDC_AUDIENCE: TEST_AUDIENCE,
        OIDC_CLIENT_ID: TEST_CLIENT_ID,
      });
      await server.ready(90_000);
      return server;
    };

    it(
      `serves ${RATE} requests/s for ${DURATION_S} s: no 5xx, no lost write, flat memory`,
      { timeout: SCENARIO_TIMEOUT_MS },
      async () => {
        const running = await start();
        players = await registerPlayers(running.url, issuer!, 40);
        const memory = sampleMemory(() => running.rssBytes());
        const result = await openLoop({
          url: running.url,
          requests: mixedRequests(arcade!, players),
          rate: RATE,
          duration: DURATION_S,
          warmup: WARMUP_S,
          connections: 32,
        });
        memory.stop();
        running.kill('SIGTERM');
        expect((await running.exited).code).toBe(0);
        const stored = await games(target!);

        const afterWarmup = memory.samples.find((s) => s.at >= WARMUP_S) ?? memory.samples[0]!;
        const last = memory.samples.at(-1)!;
        const peak = Math.max(...memory.samples.map((s) => s.bytes));
        const serverErrors = Object.entries(result.statusesAll)
          .filter(([status]) => Number(status) >= 500)
          .reduce((sum, [, n]) => sum + n, 0);
        recordFigures(`mixed load (${label(kind)})`, {
          rate: RATE,
          seconds: DURATION_S,
          sustainedRps: Math.round(result.rps * 10) / 10,
          p50Ms: Math.round(result.p50),
          p99Ms: Math.round(result.p99),
          maxMs: Math.round(result.max),
          statuses: result.statusesAll,
          serverErrors,
          acknowledgedReports: created(result),
          storedGames: stored,
          lostWrites: created(result) - stored,
          rssAfterWarmupMb: mb(afterWarmup.bytes),
          rssEndMb: mb(last.bytes),
          rssPeakMb: mb(peak),
        });
        expect(serverErrors).toBe(0);
        expect(result.failed).toBe(0);
        expect(created(result)).toBeGreaterThan(0);
        expect(stored).toBe(created(result));
        // Kept up with the schedule: completed at (nearly) the rate asked for.
        expect(result.rps).toBeGreaterThan(RATE * 0.9);
        expect(last.bytes).toBeLessThan(afterWarmup.bytes * 1.5);
      },
    );

    it.skipIf(!CAPACITY)(
      'sustains a rate: the ramp until p99 or errors give out',
      { timeout: SCENARIO_TIMEOUT_MS },
      async () => {
        const running = await start();
        const steps: Array<Record<string, number>> = [];
        let sustained = 0;
        for (const rate of RAMP) {
          const result = await openLoop({
            url: running.url,
            requests: mixedRequests(arcade!, players),
            rate,
            duration: 10,
            warmup: 2,
            connections: 64,
          });
          const ok =
            result.failed === 0 && result.p99 < SUSTAINED_P99_MS && result.rps > rate * 0.95;
          steps.push({
            rate,
            rps: Math.round(result.rps),
            p99Ms: Math.round(result.p99),
            failed: result.failed,
          });
          if (!ok) break;
          sustained = rate;
        }
        running.kill('SIGTERM');
        await running.exited;
        recordFigures(`mixed load capacity (${label(kind)})`, { sustained, steps });
        expect(steps.length).toBeGreaterThan(0);
      },
    );
  });
}
