-- arcadia_assign_game_slot(slot integer, uid uuid) -> uuid
--
-- Gives a guest's result in a stored game to a registered player
-- (POST /api/admin/arcades/{arcadeId}/games/{gameId}/slots/{slotId}/assign): the slot becomes
-- theirs (their user id and name, as ingest writes a registered player's slot) and the result
-- counts in their statistics as if the device had reported them. Called by
-- features/admin/games.ts, which checks first, in the same transaction and with the game row
-- locked, that the game is not voided, the slot is a guest's (no user, not anonymised) and the
-- player exists and is not in the game already.
-- Input:      game_players.id of the slot; the player's user id.
-- Output:     the game's id; NULL when the slot or the player is unknown (nothing written).
-- Raises:     nothing of its own.
-- Writes:     game_players (its update trigger rebuilds games.players_json); the player's
--             player_stats_periods rows of the game's periods (arcadia_game_periods) and their
--             player_stats row, added to exactly as arcadia_ingest_game adds (sums, greatest
--             best score); player_stats last, whose rank triggers move the rank buckets.
-- Invariants: statistics rows are written in ingest's order (periods by kind, start, arcade;
--             then player_stats), so a concurrent ingest of the same player queues.
CREATE OR REPLACE FUNCTION arcadia_assign_game_slot(slot integer, uid uuid) RETURNS uuid
LANGUAGE plpgsql
AS $$
DECLARE
  x game_players%ROWTYPE;
  g games%ROWTYPE;
BEGIN
  UPDATE game_players p SET user_id = u.id, name = u.user_name
  FROM users u
  WHERE p.id = slot AND u.id = uid
  RETURNING p.* INTO x;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT * INTO g FROM games WHERE id = x.game_id;

  INSERT INTO player_stats_periods AS s (user_id, application_id, period_kind, period_start,
    arcade_id, games_played, games_won, games_lost, kills, deaths, score_total, best_score)
  SELECT uid, g.application_id, q.period_kind, q.period_start, q.arcade_id, 1,
         x.won::integer, 1 - x.won::integer, x.kills, x.deaths, x.score, x.score
  FROM arcadia_game_periods(g.played_at, g.arcade_id) q
  ORDER BY q.period_kind, q.period_start, q.arcade_id
  ON CONFLICT (user_id, application_id, period_kind, period_start, arcade_id) DO UPDATE SET
    games_played = s.games_played + 1,
    games_won = s.games_won + excluded.games_won,
    games_lost = s.games_lost + excluded.games_lost,
    kills = s.kills + excluded.kills,
    deaths = s.deaths + excluded.deaths,
    score_total = s.score_total + excluded.score_total,
    best_score = greatest(s.best_score, excluded.best_score);

  INSERT INTO player_stats AS s (user_id, application_id, games_played, games_won, games_lost,
    kills, deaths, score_total, best_score)
  VALUES (uid, g.application_id, 1, x.won::integer, 1 - x.won::integer, x.kills, x.deaths,
          x.score, x.score)
  ON CONFLICT (user_id, application_id) DO UPDATE SET
    games_played = s.games_played + 1,
    games_won = s.games_won + excluded.games_won,
    games_lost = s.games_lost + excluded.games_lost,
    kills = s.kills + excluded.kills,
    deaths = s.deaths + excluded.deaths,
    score_total = s.score_total + excluded.score_total,
    best_score = greatest(s.best_score, excluded.best_score),
    updated_at = now();
  RETURN g.id;
END
$$;
