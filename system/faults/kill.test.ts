import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { announceSkip } from '../support/postgres';
import {
  buildServer,
  freePort,
  ServerProcesses,
  type ServerProcess,
} from '../support/server-process';
import { prepareArcade } from './support/arcade';
import {
  checkConsistency,
  fetchLeaderboards,
  leaderboardDifferences,
  recomputedTotals,
} from './support/consistency';
import { LONG, recordFigures, SCENARIO_TIMEOUT_MS } from './support/figures';
import { sleep } from './support/http-client';
import { startReporters, type ReportTally } from './support/reporters';
import { createTarget, label, targetKinds, type Target } from './support/targets';

/**
 * kill -9 of the server while devices report games, again and again: every game the server
 * acknowledged is stored after the restart (none lost, none twice), the statistics and
 * leaderboards are what the stored games give, and PGlite's data directory opens every time.
 */
const KILLS = LONG ? 12 : 3;
const DEVICES = 4;
/** Games acknowledged between two kills at least: the kills land under load. */
const LOAD_PER_KILL = 10;

beforeAll(() => buildServer());

for (const { kind, skip } of targetKinds) {
  if (skip) announceSkip(`the kill -9 scenario on PostgreSQL`, 'TEST_DATABASE_URL is not set');
  describe.skipIf(skip)(`kill -9 during game reports (${label(kind)})`, () => {
    const servers = new ServerProcesses();
    let target: Target | undefined;
    let stopReporters: (() => Promise<ReportTally>) | undefined;
    let closeArcade: (() => Promise<void>) | undefined;

    afterAll(async () => {
      await closeArcade?.();
      await stopReporters?.();
      await servers.killAll();
      await target?.remove();
    });

    it(
      `loses no acknowledged game over ${KILLS} kills`,
      { timeout: SCENARIO_TIMEOUT_MS },
      async () => {
        target = await createTarget(kind);
        const arcade = await prepareArcade(target, { devices: DEVICES, players: 24 });
        const port = await freePort();
        const env = { ...target.env, ...arcade.env, SEED_DEMO: 'false' };
        closeArcade = arcade.close;
        const start = async () => {
          const started = performance.now();
          const server = await servers.start(env, { port });
          await server.ready(90_000);
          return { server, ms: performance.now() - started };
        };
        let { server } = await start();
        const reporters = startReporters(server.url, arcade);
        stopReporters = reporters.stop;
        const restartsMs: number[] = [];
        const acknowledgedBeforeKill: number[] = [];
        for (let kill = 1; kill <= KILLS; kill++) {
          // Load for a while (a random moment, so the kill lands anywhere in a report), and at
          // least LOAD_PER_KILL acknowledged games: a machine busy with other work acknowledges
          // fewer in the same time (CI once had 25 in all).
          const before = reporters.tally.acknowledged.length;
          await sleep(1_500 + randomInt(1_500));
          await vi.waitFor(
            () =>
              expect(
                reporters.tally.acknowledged.length - before,
                `reports before kill ${kill} (unexpected: ${reporters.tally.unexpected.slice(0, 3).join(' | ')})`,
              ).toBeGreaterThanOrEqual(LOAD_PER_KILL),
            { timeout: 60_000, interval: 100 },
          );
          acknowledgedBeforeKill.push(reporters.tally.acknowledged.length);
          server.kill('SIGKILL');
          expect((await server.exited).signal).toBe('SIGKILL');
          // The same data directory (or database) and port: the devices keep retrying meanwhile.
          const restarted: { server: ServerProcess; ms: number } = await start();
          server = restarted.server;
          restartsMs.push(Math.round(restarted.ms));
        }
        await sleep(1_500);
        const tally = await reporters.stop();
        const boards = await fetchLeaderboards(server.url);
        server.kill('SIGTERM');
        expect((await server.exited).code).toBe(0);

        const database = await target.open();
        const consistency = await checkConsistency(database.db, tally.acknowledged);
        const totals = await recomputedTotals(database.db, 'commando');
        await database.close();

        recordFigures(`kill -9 (${label(kind)})`, {
          kills: KILLS,
          acknowledged: tally.acknowledged.length,
          stored: consistency.games,
          lost: consistency.lost.length,
          attempts: tally.attempts,
          outcomes: tally.outcomes,
          restartMs: restartsMs,
        });
        expect(tally.unexpected).toEqual([]);
        expect(tally.acknowledged.length).toBeGreaterThanOrEqual(KILLS * LOAD_PER_KILL);
        expect(consistency.lost).toEqual([]);
        // Nothing stored that was not acknowledged: a report whose answer a kill cut off was sent
        // again after the restart and acknowledged then (200, the same game).
        expect(consistency.games).toBe(tally.acknowledged.length);
        expect(consistency).toMatchObject({
          statsDiffer: 0,
          periodsDiffer: 0,
          bucketsDiffer: 0,
          bucketGroupsDiffer: 0,
          historyDiffer: 0,
        });
        expect(leaderboardDifferences(boards, totals)).toEqual([]);
      },
    );
  });
}
