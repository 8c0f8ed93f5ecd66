-- Trigger player_stats_rank_insert (AFTER INSERT ON player_stats, FOR EACH STATEMENT) and its
-- function arcadia_stats_rank_rows_insert() -> trigger.
--
-- Keeps the all-time rank counts right for every writer of player_stats (the ingest, deletion
-- cascades, bulk loads): each inserted listed row (boards-listed.sql) is added to the buckets it
-- counts in.
--
-- Input:      the statement's inserted rows (transition table new_rows).
-- Output:     NULL (an AFTER trigger).
-- Raises:     nothing of its own.
-- Writes:     player_rank_buckets and player_rank_bucket_groups through arcadia_apply_rank_deltas
--             (+1 per row and metric from arcadia_rank_metric_buckets).
-- Invariants: returns at once when new_rows is empty (an upsert fires both the insert and the
--             update trigger, one of them usually with no rows); reads new_rows once.
CREATE OR REPLACE FUNCTION arcadia_stats_rank_rows_insert() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM arcadia_apply_rank_deltas(ARRAY(
    SELECT ROW(r.application_id, m.metric, m.bucket, 1)::arcadia_rank_delta
    FROM new_rows r CROSS JOIN LATERAL
      arcadia_rank_metric_buckets(r.score_total, r.games_won, r.games_played, r.kills, r.deaths) m
    WHERE r.listed));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER player_stats_rank_insert AFTER INSERT ON player_stats
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION arcadia_stats_rank_rows_insert();
