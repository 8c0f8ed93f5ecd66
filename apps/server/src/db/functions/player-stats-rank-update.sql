-- Trigger player_stats_rank_update (AFTER UPDATE ON player_stats, FOR EACH STATEMENT) and its
-- function arcadia_stats_rank_rows_update() -> trigger.
--
-- Moves each updated row from the buckets of its old values to those of its new values; a row
-- counts only while it is listed (boards-listed.sql), so a change of `listed` moves it in or out.
--
-- Input:      the statement's rows before and after (transition tables old_rows, new_rows).
-- Output:     NULL (an AFTER trigger).
-- Raises:     nothing of its own.
-- Writes:     player_rank_buckets and player_rank_bucket_groups through arcadia_apply_rank_deltas
--             (+1 per new row and metric, -1 per old row and metric, from
--             arcadia_rank_metric_buckets; equal buckets cancel out there).
-- Invariants: returns at once when new_rows is empty (the insert half of an upsert); reads each
--             transition table once.
CREATE OR REPLACE FUNCTION arcadia_stats_rank_rows_update() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM arcadia_apply_rank_deltas(ARRAY(
    SELECT ROW(r.application_id, m.metric, m.bucket, r.delta)::arcadia_rank_delta
    FROM (SELECT *, 1 AS delta FROM new_rows UNION ALL SELECT *, -1 FROM old_rows) r
    CROSS JOIN LATERAL
      arcadia_rank_metric_buckets(r.score_total, r.games_won, r.games_played, r.kills, r.deaths) m
    WHERE r.listed));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER player_stats_rank_update AFTER UPDATE ON player_stats
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION arcadia_stats_rank_rows_update();
