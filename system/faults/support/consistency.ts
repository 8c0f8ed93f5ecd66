import { sql, type SQL } from 'drizzle-orm';
import {
  LEADERBOARD_KD_MIN_GAMES,
  LEADERBOARD_STAT_METRICS,
  LEADERBOARD_PAGE_SIZE,
  type Leaderboard,
  type LeaderboardStatMetric,
} from '@arcadia/contracts';
import type { Db } from '../../../apps/server/src/db/client';
import type { Acknowledged } from './reporters';

/**
 * The statistics recomputed from the stored games (games + game_players), in SQL, beside what the
 * ingest kept up to date (player_stats, player_stats_periods, the rank buckets, the games' own
 * history JSON). Each figure counts rows that differ: all must be 0.
 */
export interface Consistency {
  games: number;
  /** Acknowledged games not stored, or stored under another id. */
  lost: Acknowledged[];
  statsDiffer: number;
  periodsDiffer: number;
  bucketsDiffer: number;
  bucketGroupsDiffer: number;
  historyDiffer: number;
}

async function count(db: Db, query: SQL): Promise<number> {
  const res = await db.execute<{ n: number }>(query);
  return Number(res.rows[0]?.n ?? 0);
}

/** Rows in one set and not in the other, both ways. */
const differ = (a: SQL, b: SQL) => sql`select
  (select count(*) from (${a} except all ${b}) x) + (select count(*) from (${b} except all ${a}) y)
  as n`;

const totals = sql`count(*)::int, (count(*) filter (where won))::int,
  (count(*) filter (where not won))::int, sum(kills)::int, sum(deaths)::int, sum(score)::int,
  max(score)::int`;
const columns = sql`games_played::int, games_won::int, games_lost::int, kills::int, deaths::int,
  score_total::int, best_score::int`;

const registeredPlays = sql`(select gp.user_id, g.application_id, g.arcade_id,
  gp.played_at at time zone 'UTC' as played, gp.won, gp.kills, gp.deaths, gp.score
  from game_players gp join games g on g.id = gp.game_id where gp.user_id is not null)`;

const rankBuckets = sql`(select application_id, metric, bucket from (
    select application_id, 'score' as metric, arcadia_rank_bucket(score_total) as bucket
      from player_stats where listed
    union all select application_id, 'wins', arcadia_rank_bucket(games_won)
      from player_stats where listed
    union all select application_id, 'kd',
      arcadia_rank_bucket(kills::float8 / greatest(deaths, 1) * 100)
      from player_stats where listed and games_played >= ${LEADERBOARD_KD_MIN_GAMES}
    union all select application_id, 'rating:' || mode, rating
      from player_ratings where listed and games > 0) d)`;

export async function checkConsistency(db: Db, acknowledged: Acknowledged[]): Promise<Consistency> {
  const stored = await db.execute<{ device_id: string; idempotency_key: string; id: string }>(
    sql`select device_id, idempotency_key, id from games`,
  );
  const byKey = new Map(stored.rows.map((r) => [`${r.device_id}|${r.idempotency_key}`, r.id]));
  const lost = acknowledged.filter(
    (a) => byKey.get(`${a.device}|${a.idempotencyKey}`) !== a.gameId,
  );
  const statsDiffer = await count(
    db,
    differ(
      sql`select user_id, application_id, ${totals} from ${registeredPlays} p group by 1, 2`,
      sql`select user_id, application_id, ${columns} from player_stats`,
    ),
  );
  // Week (from Monday) and month in UTC, for all arcades ('') and per arcade; all time per arcade.
  const periodsDiffer = await count(
    db,
    differ(
      sql`select user_id, application_id, kind, start, arcade, ${totals}
        from ${registeredPlays} p cross join lateral (values
          ('week', date_trunc('week', played)::date, ''),
          ('week', date_trunc('week', played)::date, arcade_id),
          ('month', date_trunc('month', played)::date, ''),
          ('month', date_trunc('month', played)::date, arcade_id),
          ('all', date '1970-01-01', arcade_id)) k(kind, start, arcade)
        group by 1, 2, 3, 4, 5`,
      sql`select user_id, application_id, period_kind, period_start, arcade_id, ${columns}
        from player_stats_periods`,
    ),
  );
  const bucketsDiffer = await count(
    db,
    differ(
      sql`select application_id, metric, bucket, count(*)::int from ${rankBuckets} r
        group by 1, 2, 3`,
      sql`select application_id, metric, bucket, sum(players)::int from player_rank_buckets
        group by 1, 2, 3 having sum(players) <> 0`,
    ),
  );
  const bucketGroupsDiffer = await count(
    db,
    differ(
      sql`select application_id, metric, bucket / 64, count(*)::int from ${rankBuckets} r
        group by 1, 2, 3`,
      sql`select application_id, metric, bucket_group, sum(players)::int
        from player_rank_bucket_groups group by 1, 2, 3 having sum(players) <> 0`,
    ),
  );
  const historyDiffer = await count(
    db,
    sql`select count(*) as n from games
      where players_json::text is distinct from arcadia_game_players_json(id)::text
         or teams_json::text is distinct from arcadia_game_teams_json(id)::text`,
  );
  return {
    games: stored.rows.length,
    lost,
    statsDiffer,
    periodsDiffer,
    bucketsDiffer,
    bucketGroupsDiffer,
    historyDiffer,
  };
}

/** Each registered player's all-time totals, recomputed from the stored games. */
export interface PlayerTotals {
  score: number;
  wins: number;
  kd: number;
  games: number;
}

export async function recomputedTotals(
  db: Db,
  applicationId: string,
): Promise<Map<string, PlayerTotals>> {
  const res = await db.execute<{
    user_id: string;
    score: number;
    wins: number;
    kd: number;
    games: number;
  }>(sql`select gp.user_id, sum(gp.score)::int as score,
      (count(*) filter (where gp.won))::int as wins,
      sum(gp.kills)::float8 / greatest(sum(gp.deaths), 1) as kd, count(*)::int as games
    from game_players gp join games g on g.id = gp.game_id
    where gp.user_id is not null and g.application_id = ${applicationId}
    group by 1`);
  return new Map(
    res.rows.map((r) => [
      r.user_id,
      { score: Number(r.score), wins: Number(r.wins), kd: Number(r.kd), games: Number(r.games) },
    ]),
  );
}

/**
 * How the first page of each all-time global leaderboard the server answered differs from the
 * one the recomputed totals give (values, games, ranks with ties, total): empty when equal.
 */
export function leaderboardDifferences(
  boards: Record<LeaderboardStatMetric, Leaderboard>,
  totals: Map<string, PlayerTotals>,
): string[] {
  const problems: string[] = [];
  for (const metric of LEADERBOARD_STAT_METRICS) {
    const board = boards[metric];
    const eligible = [...totals.entries()].filter(
      ([, t]) => metric !== 'kd' || t.games >= LEADERBOARD_KD_MIN_GAMES,
    );
    const shown = (v: number) => (metric === 'kd' ? Math.round(v * 100) / 100 : v);
    const values = eligible.map(([, t]) => t[metric]).sort((a, b) => b - a);
    if (board.total !== eligible.length)
      problems.push(`${metric}: total ${board.total}, recomputed ${eligible.length}`);
    if (board.entries.length !== Math.min(LEADERBOARD_PAGE_SIZE, eligible.length))
      problems.push(`${metric}: ${board.entries.length} entries on page 1`);
    for (const [i, entry] of board.entries.entries()) {
      const mine = totals.get(entry.userId);
      if (!mine) {
        problems.push(`${metric}: ${entry.userId} has no games`);
        continue;
      }
      const value = mine[metric];
      const rank = 1 + values.filter((v) => v > value).length;
      if (entry.value !== shown(value) || entry.gamesPlayed !== mine.games || entry.rank !== rank)
        problems.push(
          `${metric} #${i + 1}: ${JSON.stringify(entry)}, recomputed value ${shown(value)}, ` +
            `games ${mine.games}, rank ${rank}`,
        );
      if (shown(values[i]!) !== entry.value)
        problems.push(`${metric} #${i + 1}: value ${entry.value}, recomputed ${shown(values[i]!)}`);
    }
  }
  return problems;
}

/** Page 1 of the all-time global leaderboards of every metric, as the server answers them. */
export async function fetchLeaderboards(
  baseUrl: string,
  applicationId = 'commando',
): Promise<Record<LeaderboardStatMetric, Leaderboard>> {
  const boards: Partial<Record<LeaderboardStatMetric, Leaderboard>> = {};
  for (const metric of LEADERBOARD_STAT_METRICS) {
    const res = await fetch(`${baseUrl}/api/leaderboards/${applicationId}?metric=${metric}`, {
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`leaderboard ${metric}: ${res.status} ${await res.text()}`);
    boards[metric] = (await res.json()) as Leaderboard;
  }
  return boards as Record<LeaderboardStatMetric, Leaderboard>;
}
