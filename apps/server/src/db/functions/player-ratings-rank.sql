-- Triggers player_ratings_rank_{insert,update,delete} (AFTER … ON player_ratings, FOR EACH
-- STATEMENT) and their functions arcadia_ratings_rank_rows_{insert,update,delete}() -> trigger.
--
-- The rating boards' rank counts: each listed player_ratings row with games > 0 counts in
-- player_rank_buckets under metric 'rating:' || mode, in the bucket equal to its rating (a
-- displayed rating is a small whole number, so a bucket holds one value and a rank is exact:
-- no count inside a bucket), and in group rating / LEADERBOARD_RANK_BUCKETS_PER_GROUP
-- ({{LEADERBOARD_RANK_BUCKETS_PER_GROUP}}). features/leaderboards reads them for the rating board.
--
-- Input:      the statement's rows (transition tables new_rows / old_rows).
-- Output:     NULL (AFTER triggers).
-- Raises:     nothing of its own.
-- Writes:     player_rank_buckets and player_rank_bucket_groups through arcadia_apply_rank_deltas
--             (+1 per new row, -1 per old row; equal buckets cancel out there).
-- Invariants: for each (application, mode), the buckets' players summed over shards equal the
--             listed player_ratings rows with games > 0 and that rating. Each function returns at once
--             when its transition table is empty (the other half of an upsert).
CREATE OR REPLACE FUNCTION arcadia_ratings_rank_rows_insert() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM arcadia_apply_rank_deltas(ARRAY(
    SELECT ROW(r.application_id, 'rating:' || r.mode, r.rating, 1)::arcadia_rank_delta
    FROM new_rows r WHERE r.games > 0 AND r.listed));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadia_ratings_rank_rows_update() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM arcadia_apply_rank_deltas(ARRAY(
    SELECT ROW(r.application_id, 'rating:' || r.mode, r.rating, r.delta)::arcadia_rank_delta
    FROM (SELECT application_id, mode, rating, games, listed, 1 AS delta FROM new_rows
          UNION ALL SELECT application_id, mode, rating, games, listed, -1 FROM old_rows) r
    WHERE r.games > 0 AND r.listed));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadia_ratings_rank_rows_delete() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM arcadia_apply_rank_deltas(ARRAY(
    SELECT ROW(r.application_id, 'rating:' || r.mode, r.rating, -1)::arcadia_rank_delta
    FROM old_rows r WHERE r.games > 0 AND r.listed));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER player_ratings_rank_insert AFTER INSERT ON player_ratings
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION arcadia_ratings_rank_rows_insert();
--> statement-breakpoint
CREATE TRIGGER player_ratings_rank_update AFTER UPDATE ON player_ratings
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION arcadia_ratings_rank_rows_update();
--> statement-breakpoint
CREATE TRIGGER player_ratings_rank_delete AFTER DELETE ON player_ratings
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION arcadia_ratings_rank_rows_delete();
