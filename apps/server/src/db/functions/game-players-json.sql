-- arcadia_game_players_json(gid uuid) -> json
--
-- A stored game's players as the match history shows them, built from game_players.
--
-- Input:      gid, a game id (unknown ids give '[]').
-- Output:     a JSON array of {"id", "name", "kills", "deaths", "score", "teamId"} ordered by
--             score descending, then game_players.id (the report's order); '[]' without players.
-- Raises:     nothing.
-- Writes:     nothing (STABLE).
-- Invariants: arcadia_ingest_game builds games.players_json from the payload with the same keys,
--             expressions and order, so the stored view equals this one (ingest.test.ts checks);
--             readers fall back to it when games.players_json is null
--             (features/games/history.ts).
CREATE OR REPLACE FUNCTION arcadia_game_players_json(gid uuid) RETURNS json
LANGUAGE sql STABLE
AS $$
  SELECT coalesce(json_agg(json_build_object('id', p.user_id, 'name', p.name, 'kills', p.kills,
           'deaths', p.deaths, 'score', p.score, 'teamId', p.team_id)
         ORDER BY p.score DESC, p.id), '[]')
  FROM game_players p WHERE p.game_id = gid
$$;
