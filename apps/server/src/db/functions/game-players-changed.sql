-- Triggers game_players_json_update and game_players_json_delete (AFTER UPDATE / AFTER DELETE
-- ON game_players, FOR EACH STATEMENT) and their function arcadia_game_players_changed() ->
-- trigger.
--
-- Games are written whole by arcadia_ingest_game; afterwards their players only change when one
-- is anonymised or removed (account deletion), and then the stored view of each touched game is
-- built again.
--
-- Input:      the statement's changed or deleted rows (transition table old_rows).
-- Output:     NULL (an AFTER trigger).
-- Raises:     nothing of its own.
-- Writes:     games.players_json of each game named in old_rows, from arcadia_game_players_json.
-- Invariants: games whose players_json is null (stored otherwise) stay null: readers build their
--             view from the rows. games.teams_json never changes after the ingest.
CREATE OR REPLACE FUNCTION arcadia_game_players_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE games g SET players_json = arcadia_game_players_json(g.id)
  WHERE g.id IN (SELECT DISTINCT game_id FROM old_rows) AND g.players_json IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER game_players_json_update AFTER UPDATE ON game_players
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION arcadia_game_players_changed();
--> statement-breakpoint
CREATE TRIGGER game_players_json_delete AFTER DELETE ON game_players
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION arcadia_game_players_changed();
