-- Match history straight from an index, and each game's players and teams stored with it.
-- game_players.played_at (a copy of the game's) lets a player's newest games be read in
-- order from game_players_user_played_idx; games.players_json / teams_json hold the game as the
-- history shows it, written by arcadia_ingest_game (migration 0011, which also copies played_at)
-- and rebuilt by a trigger when a player is anonymised (null for games stored otherwise: readers
-- build it from the rows then).
DROP INDEX "game_players_user_idx";--> statement-breakpoint
ALTER TABLE "game_players" ADD COLUMN "played_at" timestamp with time zone;--> statement-breakpoint
UPDATE "game_players" gp SET "played_at" = g."played_at" FROM "games" g WHERE g."id" = gp."game_id";--> statement-breakpoint
ALTER TABLE "game_players" ALTER COLUMN "played_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "players_json" json;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "teams_json" json;--> statement-breakpoint
CREATE INDEX "game_players_user_played_idx" ON "game_players" USING btree ("user_id","played_at","game_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadia_game_players_json(gid uuid) RETURNS json
LANGUAGE sql STABLE
AS $$
  SELECT coalesce(json_agg(json_build_object('id', p.user_id, 'name', p.name, 'kills', p.kills,
           'deaths', p.deaths, 'score', p.score, 'teamId', p.team_id)
         ORDER BY p.score DESC, p.id), '[]')
  FROM game_players p WHERE p.game_id = gid
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadia_game_teams_json(gid uuid) RETURNS json
LANGUAGE sql STABLE
AS $$
  SELECT coalesce(json_agg(json_build_object('id', t.team_id, 'name', t.name, 'score', t.score)
         ORDER BY t.team_id), '[]')
  FROM game_teams t WHERE t.game_id = gid
$$;--> statement-breakpoint
UPDATE "games" SET "players_json" = arcadia_game_players_json("id"), "teams_json" = arcadia_game_teams_json("id");--> statement-breakpoint
-- Games are written whole by arcadia_ingest_game; afterwards their players only change when
-- one is anonymised or removed, and then the stored view is built again.
CREATE OR REPLACE FUNCTION arcadia_game_players_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE games g SET players_json = arcadia_game_players_json(g.id)
  WHERE g.id IN (SELECT DISTINCT game_id FROM old_rows) AND g.players_json IS NOT NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER game_players_json_update AFTER UPDATE ON game_players
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION arcadia_game_players_changed();--> statement-breakpoint
CREATE TRIGGER game_players_json_delete AFTER DELETE ON game_players
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION arcadia_game_players_changed();
