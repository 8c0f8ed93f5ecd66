import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GAMES } from '../../apps/server/src/seed/arcade';
import { DEMO_NEWS } from '../../apps/server/src/seed/news';
import { buildServer, ServerProcesses, waitForOutput } from '../support/server-process';
import { LONG, recordFigures, SCENARIO_TIMEOUT_MS } from './support/figures';
import { sleep } from './support/http-client';
import { pgliteTarget, type Target } from './support/targets';

/**
 * kill -9 while the first start seeds the demo (SEED_DEMO=true on PGlite): the seed is one
 * transaction, so each kill leaves either no demo or the whole of it, and the next start seeds
 * it whole. The kills land at lines the seeders log on their way (devices made, games stored,
 * news published), and in the long run also at random moments.
 */
const KILL_POINTS: Array<{ after: RegExp; delayMs: number }> = [
  { after: /demo device/, delayMs: 0 },
  ...(LONG
    ? [
        { after: /demo device/, delayMs: 300 },
        { after: /demo device/, delayMs: 1_500 },
      ]
    : []),
  { after: /seeded \d+ demo games/, delayMs: 0 },
  // Last: the commit may come first, and then there is no seed left to cut short.
  ...(LONG ? [{ after: /seeded demo news/, delayMs: 0 }] : []),
];

interface DemoCounts {
  users: number;
  games: number;
  news: number;
}

async function demoCounts(target: Target): Promise<DemoCounts> {
  const database = await target.open();
  try {
    const res = await database.db.execute<{ users: number; games: number; news: number }>(sql`
      select (select count(*) from users)::int as users, (select count(*) from games)::int as games,
             (select count(*) from news)::int as news`);
    const row = res.rows[0]!;
    return { users: Number(row.users), games: Number(row.games), news: Number(row.news) };
  } finally {
    await database.close();
  }
}

beforeAll(() => buildServer());

describe('kill -9 during the demo seed (PGlite)', () => {
  const servers = new ServerProcesses();
  let target: Target | undefined;

  afterAll(async () => {
    await servers.killAll();
    await target?.remove();
  });

  it(
    'leaves no half demo, and the next start seeds all of it',
    { timeout: SCENARIO_TIMEOUT_MS },
    async () => {
      target = pgliteTarget();
      const env = { ...target.env, SEED_DEMO: 'true', LOG_LEVEL: 'info' };
      const afterKills: Array<DemoCounts & { at: string }> = [];
      for (const point of KILL_POINTS) {
        const server = await servers.start(env);
        const reached = await waitForOutput(server, point.after, 120_000);
        expect(reached, `the seed logs ${point.after}:\n${server.output()}`).toBe(true);
        if (point.delayMs) await sleep(point.delayMs);
        const seededBeforeKill = /seeded demo data/.test(server.output());
        server.kill('SIGKILL');
        await server.exited;
        const counts = await demoCounts(target);
        afterKills.push({ at: `${point.after.source}+${point.delayMs}ms`, ...counts });
        // Nothing of the demo, or all of it (the kill came after the commit).
        if (seededBeforeKill || counts.users > 0) {
          expect(counts).toMatchObject({ games: DEMO_GAMES, news: DEMO_NEWS.length });
          break;
        }
        expect(counts).toEqual({ users: 0, games: 0, news: 0 });
      }
      const server = await servers.start(env);
      await server.ready(180_000);
      server.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
      const final = await demoCounts(target);
      recordFigures('kill -9 during the demo seed (PGlite)', { afterKills, final });
      expect(final).toMatchObject({ games: DEMO_GAMES, news: DEMO_NEWS.length });
      expect(final.users).toBeGreaterThan(0);
      // At least one kill really cut a seed short (else this proved nothing).
      expect(afterKills.some((k) => k.users === 0)).toBe(true);
    },
  );
});
