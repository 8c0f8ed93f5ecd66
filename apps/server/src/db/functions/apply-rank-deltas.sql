-- arcadia_apply_rank_deltas(d arcadia_rank_delta[]) -> void
--
-- Adds players to (or, with a negative delta, removes them from) the all-time rank counts:
-- player_rank_buckets per bucket and player_rank_bucket_groups per group of
-- LEADERBOARD_RANK_BUCKETS_PER_GROUP ({{LEADERBOARD_RANK_BUCKETS_PER_GROUP}}) buckets. Called by
-- the rank triggers on player_stats only. The composite type arcadia_rank_delta
-- (application_id text, metric text, bucket integer, delta integer) is created by migration 0009.
--
-- Input:      d, one element per (row, metric) change; elements may repeat a key.
-- Output:     none.
-- Raises:     nothing of its own.
-- Writes:     upserts player_rank_buckets, then player_rank_bucket_groups, each in key order,
--             into the shard pg_backend_pid() % 8 (concurrent sessions rarely share a row; a
--             shard's count may go negative, only the sum over shards means something). Keys
--             whose deltas sum to 0 are left alone.
-- Invariants: for each (application, metric), the buckets' players summed over shards equal the
--             player_stats rows in them, and each group's sum equals its buckets' sum. Rows are
--             locked in one order (buckets, then groups, by key), so concurrent ingests queue
--             instead of deadlocking. PL/pgSQL rather than SQL so the session keeps the plans.
CREATE OR REPLACE FUNCTION arcadia_apply_rank_deltas(d arcadia_rank_delta[]) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO player_rank_buckets AS b (application_id, metric, bucket, shard, players)
  SELECT application_id, metric, bucket, (pg_backend_pid() % 8)::smallint, sum(delta)::integer
  FROM unnest(d)
  GROUP BY application_id, metric, bucket
  HAVING sum(delta) <> 0
  ORDER BY application_id, metric, bucket
  ON CONFLICT (application_id, metric, bucket, shard) DO UPDATE SET players = b.players + excluded.players;
  INSERT INTO player_rank_bucket_groups AS g (application_id, metric, bucket_group, shard, players)
  SELECT application_id, metric, bucket / {{LEADERBOARD_RANK_BUCKETS_PER_GROUP}}, (pg_backend_pid() % 8)::smallint, sum(delta)::integer
  FROM unnest(d)
  GROUP BY application_id, metric, bucket / {{LEADERBOARD_RANK_BUCKETS_PER_GROUP}}
  HAVING sum(delta) <> 0
  ORDER BY application_id, metric, bucket / {{LEADERBOARD_RANK_BUCKETS_PER_GROUP}}
  ON CONFLICT (application_id, metric, bucket_group, shard) DO UPDATE SET players = g.players + excluded.players;
END
$$;
