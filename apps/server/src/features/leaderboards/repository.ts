import { sql, type SQL } from 'drizzle-orm';
import type { LeaderboardMetric } from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { upperBoundAbove, upperBoundOfBucket } from './rank-buckets';

/**
 * One leaderboard: a table of per-player aggregates and the rows of it that take part. Reads
 * only player_stats / player_stats_periods (and the rank buckets), never games.
 */
export interface Board {
  table: 'player_stats' | 'player_stats_periods';
  /** Restricts the table to this board's rows (application, period, arcade, friends). */
  where: SQL;
  metric: LeaderboardMetric;
  /** The all-time global board: ranks and totals come from player_rank_buckets. */
  bucketed: { applicationId: string } | null;
}

export interface BoardRow {
  userId: string;
  userName: string;
  value: number;
  gamesPlayed: number;
}

/** The metric as an SQL expression, written exactly as the partial K/D index has it. */
function valueOf(metric: LeaderboardMetric): SQL {
  switch (metric) {
    case 'score':
      return sql.raw('score_total');
    case 'wins':
      return sql.raw('games_won');
    case 'kd':
      return sql.raw('(kills::float8 / greatest(deaths, 1))');
  }
}

/** Who takes part: K/D needs LEADERBOARD_KD_MIN_GAMES (3) games (the index predicate). */
function rows(board: Board): SQL {
  const table = sql.raw(board.table);
  const eligible = board.metric === 'kd' ? sql` and games_played >= 3` : sql``;
  return sql`${table} where ${board.where}${eligible}`;
}

/** SQL's own bucket of a value (the same formula the triggers use). */
function bucketOf(metric: LeaderboardMetric, value: SQL | number): SQL {
  return metric === 'kd'
    ? sql`arcadia_rank_bucket(${value}::float8 * 100)`
    : sql`arcadia_rank_bucket(${value}::float8)`;
}

const num = (v: unknown) => Number(v ?? 0);

function toRow(r: Record<string, unknown>): BoardRow {
  return {
    userId: String(r.user_id),
    userName: String(r.user_name),
    value: num(r.value),
    gamesPlayed: num(r.games_played),
  };
}

export async function countBoard(db: Queryable, board: Board): Promise<number> {
  if (board.bucketed) {
    const res = await db.execute(sql`
      select coalesce(sum(players), 0)::bigint as n from player_rank_buckets
      where application_id = ${board.bucketed.applicationId} and metric = ${board.metric}`);
    return num(res.rows[0]?.n);
  }
  const res = await db.execute(sql`select count(*)::bigint as n from ${rows(board)}`);
  return num(res.rows[0]?.n);
}

/** How many players of the board have a strictly higher value. */
export async function countAbove(db: Queryable, board: Board, value: number): Promise<number> {
  const v = valueOf(board.metric);
  if (board.bucketed) {
    const mine = bucketOf(board.metric, value);
    const res = await db.execute(sql`
      select
        (select coalesce(sum(players), 0) from player_rank_buckets
          where application_id = ${board.bucketed.applicationId} and metric = ${board.metric}
            and bucket > ${mine})
        + (select count(*) from ${rows(board)}
            and ${v} > ${value} and ${v} < ${upperBoundAbove(board.metric, value)}
            and ${bucketOf(board.metric, v)} = ${mine}) as n`);
    return num(res.rows[0]?.n);
  }
  const res = await db.execute(
    sql`select count(*)::bigint as n from ${rows(board)} and ${v} > ${value}`,
  );
  return num(res.rows[0]?.n);
}

export async function rowOf(
  db: Queryable,
  board: Board,
  userId: string,
): Promise<BoardRow | undefined> {
  const res = await db.execute(sql`
    select s.user_id, u.user_name, ${valueOf(board.metric)} as value, s.games_played
    from (select * from ${rows(board)} and user_id = ${userId}) s
    join users u on u.id = s.user_id`);
  const row = res.rows[0];
  return row ? toRow(row) : undefined;
}

/**
 * Where a deep page starts: the bucket holding the offset-th player and how many of that
 * bucket's players come before it, from the cumulative bucket counts (highest first).
 */
async function seekBucket(db: Queryable, board: Board, offset: number) {
  const res = await db.execute(sql`
    select bucket, sum(players)::bigint as n from player_rank_buckets
    where application_id = ${board.bucketed!.applicationId} and metric = ${board.metric}
    group by bucket having sum(players) > 0 order by bucket desc`);
  let before = 0;
  for (const r of res.rows) {
    const n = num(r.n);
    if (before + n > offset) return { bucket: num(r.bucket), skip: offset - before };
    before += n;
  }
  return null;
}

/** Pages deeper than this seek through the rank buckets instead of skipping index entries. */
const SEEK_FROM_OFFSET = 2000;

/** One page, value descending, ties by user id descending (the index order). */
export async function pageOf(
  db: Queryable,
  board: Board,
  offset: number,
  limit: number,
): Promise<BoardRow[]> {
  const v = valueOf(board.metric);
  let range = sql``;
  let skip = offset;
  if (board.bucketed && offset >= SEEK_FROM_OFFSET) {
    const seek = await seekBucket(db, board, offset);
    if (!seek) return [];
    range = sql` and ${v} < ${upperBoundOfBucket(board.metric, seek.bucket)}
      and ${bucketOf(board.metric, v)} <= ${seek.bucket}`;
    skip = seek.skip;
  }
  const res = await db.execute(sql`
    select s.user_id, u.user_name, s.value, s.games_played
    from (
      select user_id, ${v} as value, games_played from ${rows(board)}${range}
      order by ${v} desc, user_id desc
      limit ${limit} offset ${skip}
    ) s
    join users u on u.id = s.user_id
    order by s.value desc, s.user_id desc`);
  return res.rows.map(toRow);
}
