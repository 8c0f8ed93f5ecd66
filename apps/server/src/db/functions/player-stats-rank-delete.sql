-- Trigger player_stats_rank_delete (AFTER DELETE ON player_stats, FOR EACH STATEMENT) and its
-- function arcadia_stats_rank_rows_delete() -> trigger.
--
-- Removes each deleted listed row (a deleted user's cascade, an application's reset) from its
-- buckets.
--
-- Input:      the statement's deleted rows (transition table old_rows).
-- Output:     NULL (an AFTER trigger).
-- Raises:     nothing of its own.
-- Writes:     player_rank_buckets and player_rank_bucket_groups through arcadia_apply_rank_deltas
--             (-1 per row and metric from arcadia_rank_metric_buckets).
-- Invariants: returns at once when old_rows is empty; reads old_rows once.
CREATE OR REPLACE FUNCTION arcadia_stats_rank_rows_delete() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM arcadia_apply_rank_deltas(ARRAY(
    SELECT ROW(r.application_id, m.metric, m.bucket, -1)::arcadia_rank_delta
    FROM old_rows r CROSS JOIN LATERAL
      arcadia_rank_metric_buckets(r.score_total, r.games_won, r.games_played, r.kills, r.deaths) m
    WHERE r.listed));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER player_stats_rank_delete AFTER DELETE ON player_stats
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION arcadia_stats_rank_rows_delete();
