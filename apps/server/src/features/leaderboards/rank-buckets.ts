import type { LeaderboardMetric } from '@arcadia/contracts';

/**
 * Mirrors the SQL of migration 0002: a value's bucket is floor(ln(x + 1) * 64 / ln 2) with
 * x = the value (score, wins) or kd * 100. Buckets grow by a factor 2^(1/64) ≈ 1.0109 in x + 1.
 * The server never trusts these JS numbers for membership (SQL's arcadia_rank_bucket decides);
 * it only uses them as generous index ranges around a bucket.
 */
export const BUCKETS_PER_DOUBLING = 64;
const STEP = 2 ** (1 / BUCKETS_PER_DOUBLING);
const SLACK = 1.0001;

const scale = (metric: LeaderboardMetric) => (metric === 'kd' ? 100 : 1);
/** Score and wins are whole numbers (bigint/integer columns): their bounds must be too. */
const bound = (metric: LeaderboardMetric, value: number) =>
  metric === 'kd' ? value + 1e-9 : Math.ceil(value);

/** An exclusive upper bound for all values in the bucket that holds `value`. */
export function upperBoundAbove(metric: LeaderboardMetric, value: number): number {
  const x = Math.max(value, 0) * scale(metric) + 1;
  return bound(metric, (x * STEP * SLACK) / scale(metric));
}

/** An exclusive upper bound for all values in bucket `bucket`. */
export function upperBoundOfBucket(metric: LeaderboardMetric, bucket: number): number {
  return bound(metric, (2 ** ((bucket + 1) / BUCKETS_PER_DOUBLING) * SLACK) / scale(metric));
}
