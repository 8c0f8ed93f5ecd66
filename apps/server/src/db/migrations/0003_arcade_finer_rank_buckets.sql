-- Finer rank buckets: 256 per doubling (about 0.27 % wide) instead of 64, so a rank needs to
-- count fewer players inside its own bucket; and arcadia_rank_bucket_start(b), the smallest
-- whole number in bucket b or above, so the count inside a bucket of a whole-number metric is a
-- plain index range with no function per row. The bucket table is rebuilt from player_stats.
-- features/leaderboards/rank-buckets.ts mirrors these formulas.
CREATE OR REPLACE FUNCTION arcadia_rank_bucket(v double precision) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT floor(ln(greatest(v, 0) + 1) * 369.3299304675746)::integer $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadia_rank_bucket_start(b integer) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT min(x) FROM (
    SELECT greatest(ceil(exp(b / 369.3299304675746) - 1)::bigint + d, 0) AS x
    FROM generate_series(-3, 3) d
  ) c
  WHERE arcadia_rank_bucket(x::float8) >= b
$$;
--> statement-breakpoint
DELETE FROM player_rank_buckets;
--> statement-breakpoint
INSERT INTO player_rank_buckets (application_id, metric, bucket, shard, players)
SELECT application_id, metric, bucket, 0, count(*)::integer
FROM (
  SELECT application_id, 'score' AS metric, arcadia_rank_bucket(score_total) AS bucket FROM player_stats
  UNION ALL SELECT application_id, 'wins', arcadia_rank_bucket(games_won) FROM player_stats
  UNION ALL SELECT application_id, 'kd', arcadia_rank_bucket(kills::float8 / greatest(deaths, 1) * 100)
    FROM player_stats WHERE games_played >= 3
) d
GROUP BY application_id, metric, bucket;
