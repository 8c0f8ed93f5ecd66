-- arcadia_rank_bucket(v double precision) -> integer
--
-- The rank bucket of a metric value: floor(ln(v + 1) * B / ln 2) with
-- B = LEADERBOARD_RANK_BUCKETS_PER_DOUBLING (256), so a bucket is about 0.27 % wide and every
-- doubling of v + 1 spans B buckets. {{RANK_BUCKET_LOG_FACTOR}} is B / ln 2, rendered from the
-- contracts constant (packages/contracts/src/leaderboard.ts).
--
-- Input:      v, a metric value (score, wins, or K/D * LEADERBOARD_KD_BUCKET_SCALE); negative
--             values count as 0.
-- Output:     the bucket, >= 0, non-decreasing in v.
-- Raises:     nothing.
-- Writes:     nothing (IMMUTABLE, inlined into its callers).
-- Invariants: the one definition of bucket membership. features/leaderboards/rank-buckets.ts only
--             composes it and arcadia_rank_bucket_start inverts it; the rank triggers
--             (arcadia_rank_metric_buckets) count players with it. Changing it means rebuilding
--             player_rank_buckets and player_rank_bucket_groups in the same migration.
CREATE OR REPLACE FUNCTION arcadia_rank_bucket(v double precision) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT floor(ln(greatest(v, 0) + 1) * {{RANK_BUCKET_LOG_FACTOR}})::integer $$;
