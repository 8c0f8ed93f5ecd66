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
--             into the transaction's shard (0-7; a shard's count may go negative, only the sum
--             over shards means something). Keys whose deltas sum to 0 are left alone.
--             The shard is the transaction's own: its first call claims one with a
--             transaction-scoped advisory lock (key hashtext('arcadia.rank_shard'), shard),
--             trying pg_backend_pid() % 8 first and then the next ones, and waiting for that
--             first one only when all 8 are held; later calls in the transaction reuse it (the
--             setting arcadia.rank_shard, local to the transaction).
-- Invariants: for each (application, metric), the buckets' players summed over shards equal the
--             player_stats rows in them, and each group's sum equals its buckets' sum. No two
--             transactions write one shard at once (up to 8 writers), so an ingest never waits
--             for another's bucket rows, and one that stores several games (features/games/
--             ingest-store.ts), touching buckets in no one order, cannot deadlock on them; with
--             more than 8 writers the rows are still locked in one order per call (buckets, then
--             groups, by key). PL/pgSQL rather than SQL so the session keeps the plans.
CREATE OR REPLACE FUNCTION arcadia_apply_rank_deltas(d arcadia_rank_delta[]) RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  mine smallint := nullif(current_setting('arcadia.rank_shard', true), '')::smallint;
  first integer := pg_backend_pid() % 8;
BEGIN
  IF mine IS NULL THEN
    FOR i IN 0..7 LOOP
      IF pg_try_advisory_xact_lock(hashtext('arcadia.rank_shard'), (first + i) % 8) THEN
        mine := (first + i) % 8;
        EXIT;
      END IF;
    END LOOP;
    IF mine IS NULL THEN
      PERFORM pg_advisory_xact_lock(hashtext('arcadia.rank_shard'), first);
      mine := first;
    END IF;
    PERFORM set_config('arcadia.rank_shard', mine::text, true);
  END IF;
  INSERT INTO player_rank_buckets AS b (application_id, metric, bucket, shard, players)
  SELECT application_id, metric, bucket, mine, sum(delta)::integer
  FROM unnest(d)
  GROUP BY application_id, metric, bucket
  HAVING sum(delta) <> 0
  ORDER BY application_id, metric, bucket
  ON CONFLICT (application_id, metric, bucket, shard) DO UPDATE SET players = b.players + excluded.players;
  INSERT INTO player_rank_bucket_groups AS g (application_id, metric, bucket_group, shard, players)
  SELECT application_id, metric, bucket / {{LEADERBOARD_RANK_BUCKETS_PER_GROUP}}, mine, sum(delta)::integer
  FROM unnest(d)
  GROUP BY application_id, metric, bucket / {{LEADERBOARD_RANK_BUCKETS_PER_GROUP}}
  HAVING sum(delta) <> 0
  ORDER BY application_id, metric, bucket / {{LEADERBOARD_RANK_BUCKETS_PER_GROUP}}
  ON CONFLICT (application_id, metric, bucket_group, shard) DO UPDATE SET players = g.players + excluded.players;
END
$$;
