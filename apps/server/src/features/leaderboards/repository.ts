import { sql, type SQL } from 'drizzle-orm';
import {
  LEADERBOARD_KD_MIN_GAMES,
  LEADERBOARD_RANK_BUCKETS_PER_GROUP,
  type LeaderboardMetric,
} from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { runPrepared } from '../../db/prepared';
import { aboveInBucket, atOrBelowBucket, bucketOf } from './rank-buckets';

/**
 * One leaderboard: a table of per-player aggregates and the rows of it that take part. Reads
 * only player_stats / player_stats_periods (and the rank buckets), never games.
 */
export interface Board {
  /** player_ratings: the rating board of one mode (docs/rating.md). */
  table: 'player_stats' | 'player_stats_periods' | 'player_ratings';
  /** Restricts the table to this board's rows (application, period, arcade, friends). */
  where: SQL;
  metric: LeaderboardMetric;
  /**
   * Global boards counted in player_rank_buckets (the all-time boards of player_stats and the
   * rating boards): ranks and totals come from there. `key` is the buckets' metric column:
   * the metric, or 'rating:' + the mode.
   */
  bucketed: { applicationId: string; key: string } | null;
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
    case 'rating':
      return sql.raw('rating');
  }
}

/** The column counting the board's games: rated games on the rating board. */
const gamesOf = (board: Board) =>
  sql.raw(board.table === 'player_ratings' ? 'games' : 'games_played');

/**
 * Who takes part: K/D needs LEADERBOARD_KD_MIN_GAMES games. Written into the text, not bound as
 * a parameter, so that the planner sees the partial K/D index's own predicate.
 */
const KD_ELIGIBLE = sql.raw(` and games_played >= ${LEADERBOARD_KD_MIN_GAMES}`);

/**
 * Players hidden from boards (users.leaderboard_visible, issue 17) are left out. player_stats and
 * player_ratings carry the choice as `listed` (db/functions/boards-listed.sql); the period
 * tables do not, so they look the few hidden players up (users_hidden_from_boards_idx).
 */
function listedOnly(board: Board): SQL {
  return board.table === 'player_stats_periods'
    ? sql` and user_id not in (select id from users where not leaderboard_visible)`
    : sql` and listed`;
}

/** The board's rows; `withHidden` keeps the hidden players too (a player's own row). */
function rows(board: Board, withHidden = false): SQL {
  const table = sql.raw(board.table);
  const eligible = board.metric === 'kd' ? KD_ELIGIBLE : sql``;
  return sql`${table} where ${board.where}${eligible}${withHidden ? sql`` : listedOnly(board)}`;
}

/** Buckets per group: player_rank_bucket_groups counts bucket / GROUP (db/functions). */
const GROUP = LEADERBOARD_RANK_BUCKETS_PER_GROUP;

function bucketsOf(board: Board): SQL {
  return sql`player_rank_buckets where application_id = ${board.bucketed!.applicationId}
    and metric = ${board.bucketed!.key}`;
}

function groupsOf(board: Board): SQL {
  return sql`player_rank_bucket_groups where application_id = ${board.bucketed!.applicationId}
    and metric = ${board.bucketed!.key}`;
}

/** SQL for the number of the board's players, one scalar. */
function totalOf(board: Board): SQL {
  return board.bucketed
    ? sql`(select coalesce(sum(players), 0) from ${groupsOf(board)})`
    : sql`(select count(*) from ${rows(board)})`;
}

/**
 * SQL for how many of the board's players have a value above `value` (an SQL expression):
 * bucketed, the groups above value's group, the buckets above value's bucket in that group,
 * and the players above value inside its bucket.
 */
function aboveOf(board: Board, value: SQL): SQL {
  const v = valueOf(board.metric);
  if (!board.bucketed) return sql`(select count(*) from ${rows(board)} and ${v} > ${value})`;
  const bucket = bucketOf(board.metric, value);
  // A rating bucket holds one value: nobody above it inside its bucket.
  const inBucket =
    board.metric === 'rating'
      ? sql``
      : sql`
    + (select count(*) from ${rows(board)} and ${aboveInBucket(board.metric, v, value)})`;
  return sql`((select coalesce(sum(players), 0) from ${groupsOf(board)}
      and bucket_group > ${bucket} / ${GROUP})
    + (select coalesce(sum(players), 0) from ${bucketsOf(board)}
      and bucket > ${bucket} and bucket < (${bucket} / ${GROUP} + 1) * ${GROUP})${inBucket})`;
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

/**
 * SQL for the caller's row (by sign-in subject) with the number of players above it, as one
 * jsonb value (null when the caller has no row on the board). A player hidden from boards still
 * gets their row, ranked among the listed players.
 */
function ownRowOf(board: Board, sub: string): SQL {
  return sql`(select to_jsonb(me) from (
    select me.*, ${aboveOf(board, sql.raw('me.value'))} as above
    from (
      select s.user_id, u.user_name, ${valueOf(board.metric)} as value,
             s.${gamesOf(board)} as games_played, not u.leaderboard_visible as hidden
      from users u join lateral (
        select * from ${rows(board, true)} and user_id = u.id
      ) s on true
      where u.identity_sub = ${sub}
    ) me) me)`;
}

export interface OwnRow {
  row: BoardRow;
  above: number;
  hidden: boolean;
}

function toOwnRow(me: unknown): OwnRow | undefined {
  if (!me || typeof me !== 'object') return undefined;
  const r = me as Record<string, unknown>;
  return { row: toRow(r), above: num(r.above), hidden: r.hidden === true };
}

export async function countAbove(db: Queryable, board: Board, value: number): Promise<number> {
  const res = await runPrepared(db, sql`select ${aboveOf(board, sql`${value}`)} as n`);
  return num(res.rows[0]?.n);
}

/** The first of the rows (highest first) whose running total of players passes `offset`. */
function seek(rows: Array<Record<string, unknown>>, key: string, offset: number) {
  let before = 0;
  for (const r of rows) {
    const n = num(r.n);
    if (before + n > offset) return { at: num(r[key]), skip: offset - before };
    before += n;
  }
  return null;
}

/**
 * Where a deep page starts: the bucket holding the offset-th player and how many of that
 * bucket's players come before it, from the group counts and then the bucket counts.
 */
async function seekBucket(db: Queryable, board: Board, offset: number) {
  const groups = await runPrepared(
    db,
    sql`select bucket_group, sum(players)::bigint as n from ${groupsOf(board)}
      group by bucket_group having sum(players) > 0 order by bucket_group desc`,
  );
  const group = seek(groups.rows, 'bucket_group', offset);
  if (!group) return null;
  const buckets = await runPrepared(
    db,
    sql`select bucket, sum(players)::bigint as n from ${bucketsOf(board)}
      and bucket >= ${group.at * GROUP} and bucket < ${(group.at + 1) * GROUP}
      group by bucket having sum(players) > 0 order by bucket desc`,
  );
  const bucket = seek(buckets.rows, 'bucket', group.skip);
  return bucket ? { bucket: bucket.at, skip: bucket.skip } : null;
}

/** Pages deeper than this seek through the rank buckets instead of skipping index entries. */
const SEEK_FROM_OFFSET = 2000;

export interface BoardPage {
  rows: BoardRow[];
  total: number;
  /** The caller's own row, when a subject was given and the caller has one on this board. */
  mine: OwnRow | undefined;
}

/**
 * One page (value descending, ties by user id descending: the index order), the board's total
 * and, for a signed-in caller (`sub`), their own row with the number of players above it: one
 * query, one snapshot (deep pages first seek their bucket with two small reads).
 *
 * The page size, and the first page's offset, are written into the text: with LIMIT and OFFSET
 * as parameters PostgreSQL's generic plan looks dearer than a custom one, so it planned this
 * whole statement again on every request (about half of PostgreSQL's time per request, measured
 * at 200,000 players). Deeper pages keep their offset a parameter: one prepared statement per
 * shape, not per page.
 */
export async function pageOf(
  db: Queryable,
  board: Board,
  offset: number,
  limit: number,
  sub: string | null,
): Promise<BoardPage> {
  const v = valueOf(board.metric);
  const mine = sub ? ownRowOf(board, sub) : sql`null::jsonb`;
  let range = sql``;
  let skip = offset;
  if (board.bucketed && offset >= SEEK_FROM_OFFSET) {
    const seek = await seekBucket(db, board, offset);
    if (!seek) {
      const res = await runPrepared(db, sql`select ${totalOf(board)} as total, ${mine} as me`);
      return { rows: [], total: num(res.rows[0]?.total), mine: toOwnRow(res.rows[0]?.me) };
    }
    range = sql` and ${atOrBelowBucket(board.metric, v, seek.bucket)}`;
    skip = seek.skip;
  }
  const res = await runPrepared(
    db,
    sql`
    select t.total, t.me, s.user_id, u.user_name, s.value, s.games_played
    from (select ${totalOf(board)} as total, ${mine} as me) t
    left join lateral (
      select user_id, ${v} as value, ${gamesOf(board)} as games_played
      from ${rows(board)}${range}
      order by ${v} desc, user_id desc
      limit ${sql.raw(String(limit))} offset ${skip === 0 ? sql.raw('0') : sql`${skip}`}
    ) s on true
    left join users u on u.id = s.user_id
    order by s.value desc, s.user_id desc`,
  );
  return {
    rows: res.rows.filter((r) => r.user_id !== null).map(toRow),
    total: num(res.rows[0]?.total),
    mine: toOwnRow(res.rows[0]?.me),
  };
}

/** The signed-in player's profile id (friends boards need it); undefined until registered. */
export async function userIdOf(db: Queryable, sub: string): Promise<string | undefined> {
  const res = await runPrepared(db, sql`select id from users where identity_sub = ${sub}`);
  return res.rows[0] ? String(res.rows[0].id) : undefined;
}
