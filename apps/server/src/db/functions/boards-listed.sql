-- Who is counted on the leaderboards: users.leaderboard_visible (the player's choice, issue 17)
-- copied to the `listed` column of their player_stats and player_ratings rows, which the rank
-- triggers (player-stats-rank-*.sql, player-ratings-rank.sql) and the board queries
-- (features/leaderboards) read. Triggers player_stats_listed / player_ratings_listed (BEFORE
-- INSERT, FOR EACH ROW) with function arcadia_listed_on_boards(), and users_leaderboard_visible
-- (AFTER UPDATE OF leaderboard_visible ON users, FOR EACH ROW) with arcadia_users_listed_changed().
--
-- Input:      a new stats or rating row; a users row whose leaderboard_visible changed.
-- Output:     the new row with `listed` set from its user; NULL (the AFTER trigger).
-- Raises:     nothing of its own.
-- Writes:     arcadia_users_listed_changed: the user's player_stats and player_ratings rows'
--             `listed` (their rank triggers then move them in or out of the bucket counts).
-- Invariants: every row's `listed` equals its user's leaderboard_visible. A new row reads the
--             flag FOR SHARE, so a concurrent change of it waits for the row's transaction (and
--             then updates the row) or the row waits for the change (and reads the new value).
--             Writers changing the flag lock the user's player_ratings rows first (the order
--             the ingest takes them: features/leaderboards/visibility.ts), so the two never deadlock.
CREATE OR REPLACE FUNCTION arcadia_listed_on_boards() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  NEW.listed := coalesce(
    (SELECT u.leaderboard_visible FROM users u WHERE u.id = NEW.user_id FOR SHARE), true);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadia_users_listed_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE player_stats SET listed = NEW.leaderboard_visible
  WHERE user_id = NEW.id AND listed IS DISTINCT FROM NEW.leaderboard_visible;
  UPDATE player_ratings SET listed = NEW.leaderboard_visible
  WHERE user_id = NEW.id AND listed IS DISTINCT FROM NEW.leaderboard_visible;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER player_stats_listed BEFORE INSERT ON player_stats
FOR EACH ROW EXECUTE FUNCTION arcadia_listed_on_boards();
--> statement-breakpoint
CREATE TRIGGER player_ratings_listed BEFORE INSERT ON player_ratings
FOR EACH ROW EXECUTE FUNCTION arcadia_listed_on_boards();
--> statement-breakpoint
CREATE TRIGGER users_leaderboard_visible AFTER UPDATE OF leaderboard_visible ON users
FOR EACH ROW WHEN (OLD.leaderboard_visible IS DISTINCT FROM NEW.leaderboard_visible)
EXECUTE FUNCTION arcadia_users_listed_changed();
