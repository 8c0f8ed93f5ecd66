-- arcadia_game_teams_json(gid uuid) -> json
--
-- A stored game's teams as the match history shows them, built from game_teams.
--
-- Input:      gid, a game id (unknown ids give '[]').
-- Output:     a JSON array of {"id", "name", "score"} ordered by team id; '[]' without teams.
-- Raises:     nothing.
-- Writes:     nothing (STABLE).
-- Invariants: arcadia_ingest_game builds games.teams_json from the payload the same way;
--             readers fall back to it when games.teams_json is null (features/games/history.ts).
CREATE OR REPLACE FUNCTION arcadia_game_teams_json(gid uuid) RETURNS json
LANGUAGE sql STABLE
AS $$
  SELECT coalesce(json_agg(json_build_object('id', t.team_id, 'name', t.name, 'score', t.score)
         ORDER BY t.team_id), '[]')
  FROM game_teams t WHERE t.game_id = gid
$$;
