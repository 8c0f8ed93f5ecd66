import { asc, eq, sql } from 'drizzle-orm';
import { gameReportSchema } from '@arcadia/contracts';
import { seededRng, simulateMatch } from '@arcadia/device-sim';
import type { Db } from '../../src/db/client';
import { devices, users } from '../../src/db/schema';
import { createEventBus } from '../../src/events/map';
import { ingestGame } from '../../src/features/games/ingest';
import { DEMO_ARCADE, DEMO_MAPS } from '../../src/seed/arcade';

/** One more game on the demo arcade's first device with four registered players, as a device reports it. */
export async function playDemoGame(db: Db): Promise<void> {
  const [device] = await db
    .select()
    .from(devices)
    .where(eq(devices.arcadeId, DEMO_ARCADE.id))
    .orderBy(asc(devices.id))
    .limit(1);
  const players = await db
    .select({ userId: users.id })
    .from(users)
    .orderBy(asc(users.userName))
    .limit(4);
  const report = simulateMatch({
    type: 'freeforall',
    players,
    fillTo: 6,
    mapIds: DEMO_MAPS.map((m) => m.id),
    rng: seededRng(7),
    playedAt: new Date(),
    idempotencyKey: `after-restore-${Date.now()}`,
  });
  // A bus without handlers: the game notifies nobody.
  await ingestGame(db, createEventBus(), device!, gameReportSchema.parse(report));
}

/**
 * What the triggers and the ingest function maintain, next to what it is derived from: the
 * statistics against the game rows, the score rank buckets against the statistics rows.
 */
export async function derivedStatistics(db: Db) {
  const numbers = async <K extends string>(query: ReturnType<typeof sql>) => {
    const row = (await db.execute<Record<K, unknown>>(query)).rows[0]!;
    return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Record<
      K,
      number
    >;
  };
  return {
    fromGames: await numbers<'played' | 'won' | 'score'>(sql`select count(*) as played,
      count(*) filter (where won) as won, sum(score) as score
      from game_players where user_id is not null`),
    fromStats: await numbers<'played' | 'won' | 'score'>(sql`select sum(games_played) as played,
      sum(games_won) as won, sum(score_total) as score from player_stats`),
    ...(await numbers<'statsRows' | 'scoreBucketPlayers' | 'games'>(sql`select
      (select count(*) from player_stats) as "statsRows",
      (select sum(players) from player_rank_buckets where metric = 'score') as "scoreBucketPlayers",
      (select count(*) from games) as games`)),
  };
}
