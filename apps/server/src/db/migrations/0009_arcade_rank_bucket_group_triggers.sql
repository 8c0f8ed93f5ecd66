-- The rank triggers on player_stats now keep two levels: player_rank_buckets and, per group of
-- 64 buckets, player_rank_bucket_groups. Both get the same deltas, buckets first, then groups,
-- each in key order. The groups are filled from the buckets once here.
CREATE TYPE arcadia_rank_delta AS (application_id text, metric text, bucket integer, delta integer);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadia_apply_rank_deltas(d arcadia_rank_delta[]) RETURNS void
LANGUAGE sql
AS $$
  INSERT INTO player_rank_buckets AS b (application_id, metric, bucket, shard, players)
  SELECT application_id, metric, bucket, (pg_backend_pid() % 8)::smallint, sum(delta)::integer
  FROM unnest(d)
  GROUP BY application_id, metric, bucket
  HAVING sum(delta) <> 0
  ORDER BY application_id, metric, bucket
  ON CONFLICT (application_id, metric, bucket, shard) DO UPDATE SET players = b.players + excluded.players;
  INSERT INTO player_rank_bucket_groups AS g (application_id, metric, bucket_group, shard, players)
  SELECT application_id, metric, bucket / 64, (pg_backend_pid() % 8)::smallint, sum(delta)::integer
  FROM unnest(d)
  GROUP BY application_id, metric, bucket / 64
  HAVING sum(delta) <> 0
  ORDER BY application_id, metric, bucket / 64
  ON CONFLICT (application_id, metric, bucket_group, shard) DO UPDATE SET players = g.players + excluded.players;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadia_stats_rank_rows_insert() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM arcadia_apply_rank_deltas(ARRAY(
    SELECT ROW(application_id, metric, bucket, delta)::arcadia_rank_delta FROM (
      SELECT application_id, 'score' AS metric, arcadia_rank_bucket(score_total) AS bucket, 1 AS delta FROM new_rows
      UNION ALL SELECT application_id, 'wins', arcadia_rank_bucket(games_won), 1 FROM new_rows
      UNION ALL SELECT application_id, 'kd', arcadia_rank_bucket(kills::float8 / greatest(deaths, 1) * 100), 1
        FROM new_rows WHERE games_played >= 3
    ) x));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadia_stats_rank_rows_update() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM arcadia_apply_rank_deltas(ARRAY(
    SELECT ROW(application_id, metric, bucket, delta)::arcadia_rank_delta FROM (
      SELECT application_id, 'score' AS metric, arcadia_rank_bucket(score_total) AS bucket, 1 AS delta FROM new_rows
      UNION ALL SELECT application_id, 'wins', arcadia_rank_bucket(games_won), 1 FROM new_rows
      UNION ALL SELECT application_id, 'kd', arcadia_rank_bucket(kills::float8 / greatest(deaths, 1) * 100), 1
        FROM new_rows WHERE games_played >= 3
      UNION ALL SELECT application_id, 'score', arcadia_rank_bucket(score_total), -1 FROM old_rows
      UNION ALL SELECT application_id, 'wins', arcadia_rank_bucket(games_won), -1 FROM old_rows
      UNION ALL SELECT application_id, 'kd', arcadia_rank_bucket(kills::float8 / greatest(deaths, 1) * 100), -1
        FROM old_rows WHERE games_played >= 3
    ) x));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadia_stats_rank_rows_delete() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM arcadia_apply_rank_deltas(ARRAY(
    SELECT ROW(application_id, metric, bucket, delta)::arcadia_rank_delta FROM (
      SELECT application_id, 'score' AS metric, arcadia_rank_bucket(score_total) AS bucket, -1 AS delta FROM old_rows
      UNION ALL SELECT application_id, 'wins', arcadia_rank_bucket(games_won), -1 FROM old_rows
      UNION ALL SELECT application_id, 'kd', arcadia_rank_bucket(kills::float8 / greatest(deaths, 1) * 100), -1
        FROM old_rows WHERE games_played >= 3
    ) x));
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO player_rank_bucket_groups (application_id, metric, bucket_group, shard, players)
SELECT application_id, metric, bucket / 64, 0, sum(players)::integer
FROM player_rank_buckets
GROUP BY application_id, metric, bucket / 64
HAVING sum(players) <> 0;
