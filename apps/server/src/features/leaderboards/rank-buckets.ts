import { sql, type SQL } from 'drizzle-orm';
import {
  LEADERBOARD_KD_BUCKET_SCALE,
  LEADERBOARD_RANK_BUCKETS_PER_DOUBLING,
  type LeaderboardMetric,
} from '@arcadia/contracts';

/**
 * Rank buckets (db/functions/rank-bucket.sql): a value's bucket is
 * floor(ln(x + 1) * LEADERBOARD_RANK_BUCKETS_PER_DOUBLING / ln 2) with x = the value (score,
 * wins) or kd * LEADERBOARD_KD_BUCKET_SCALE, so buckets grow by 2^(1/256) ≈ 1.0027 in x + 1.
 * player_rank_buckets counts the all-time board's players per bucket (kept by triggers), so
 * "how many are above v" is a sum over buckets above v's plus a count inside v's bucket.
 * Membership is always decided by SQL's arcadia_rank_bucket; the SQL below only composes it.
 * The rating boards count there too (db/functions/player-ratings-rank.sql), one bucket per
 * rating: a displayed rating is a whole number of a few thousand at most, so its bucket is the
 * value itself and nothing lies above a value inside its bucket.
 */
/** A bucket's width factor, 2^(1/buckets per doubling), with a margin: an upper bound. */
const STEP_WITH_MARGIN = 2 ** (1 / LEADERBOARD_RANK_BUCKETS_PER_DOUBLING) * 1.0001;
/** The K/D scale as SQL text (a literal, like the functions have it, not a parameter). */
const KD_SCALE = sql.raw(String(LEADERBOARD_KD_BUCKET_SCALE));

/** The bucket of a metric value (an SQL expression or a number). */
export function bucketOf(metric: LeaderboardMetric, value: SQL): SQL {
  if (metric === 'rating') return sql`(${value})::integer`;
  return metric === 'kd'
    ? sql`arcadia_rank_bucket(${value}::float8 * ${KD_SCALE})`
    : sql`arcadia_rank_bucket(${value}::float8)`;
}

/**
 * Condition: `column` lies above `value` but inside value's bucket. Whole numbers: a plain
 * index range up to the next bucket's first number. K/D: a generous range plus the exact test.
 */
export function aboveInBucket(metric: LeaderboardMetric, column: SQL, value: SQL): SQL {
  if (metric === 'rating') return sql`false`;
  if (metric !== 'kd')
    return sql`${column} > ${value}
      and ${column} < arcadia_rank_bucket_start(${bucketOf(metric, value)} + 1)`;
  return sql`${column} > ${value}
    and ${column} < ((${value}::float8 * ${KD_SCALE} + 1) * ${STEP_WITH_MARGIN} - 1) / ${KD_SCALE} + 1e-9
    and ${bucketOf(metric, column)} = ${bucketOf(metric, value)}`;
}

/** Condition: `column` lies in bucket `bucket` or below (for seeking deep pages). */
export function atOrBelowBucket(metric: LeaderboardMetric, column: SQL, bucket: number): SQL {
  if (metric === 'rating') return sql`${column} <= ${bucket}`;
  if (metric !== 'kd') return sql`${column} < arcadia_rank_bucket_start(${bucket + 1}::integer)`;
  const bound =
    (2 ** ((bucket + 1) / LEADERBOARD_RANK_BUCKETS_PER_DOUBLING) * 1.0001) /
      LEADERBOARD_KD_BUCKET_SCALE +
    1e-9;
  return sql`${column} < ${bound} and ${bucketOf(metric, column)} <= ${bucket}`;
}
