-- arcadia_void_game(gid uuid, reason text) -> boolean
--
-- Voids a stored game (POST /api/admin/arcades/{arcadeId}/games/{gameId}/void): marks it and
-- takes it out of everything derived from it, so the statistics equal what they would be had
-- the game never been stored. Called by features/admin/games.ts in the transaction that also
-- writes the audit entry.
-- Input:      the game's id and the operator's reason.
-- Output:     true when the game was voided now; false when it is unknown or voided already
--             (nothing written).
-- Raises:     nothing of its own.
-- Writes:     games.voided_at / void_reason; for each registered player of the game, the
--             player_stats_periods rows of the game's periods (arcadia_game_periods) and the
--             player_stats row lose the game's counts (rows left with no game are deleted, as
--             they never existed without it); player_stats last, whose rank triggers
--             (player-stats-rank-*.sql) move the rank buckets.
-- Invariants:
--   - Sums (games, wins, losses, kills, deaths, score) are subtracted; best_score is a maximum
--     and cannot be: it is kept when above the game's score, else recomputed from the player's
--     remaining (not voided) games of the same application and scope (period, arcade).
--   - The game row is locked first (a second void, an assignment of its slots wait), then
--     statistics rows in ingest's order (periods by user, kind, start, arcade; then player_stats
--     by user), so a concurrent ingest of the same players queues rather than deadlocks; the
--     best-score subqueries run after the locks, in later statements, and see games committed
--     meanwhile.
--   - Readers of game rows (history, overview, favourite map/mode) skip voided games themselves.
CREATE OR REPLACE FUNCTION arcadia_void_game(gid uuid, reason text) RETURNS boolean
LANGUAGE plpgsql
AS $$
DECLARE
  g games%ROWTYPE;
BEGIN
  UPDATE games SET voided_at = now(), void_reason = reason
  WHERE id = gid AND voided_at IS NULL
  RETURNING * INTO g;
  IF NOT FOUND THEN
    RETURN false;
  END IF;

  PERFORM 1 FROM player_stats_periods s
  JOIN game_players x ON x.user_id = s.user_id AND x.game_id = gid
  JOIN arcadia_game_periods(g.played_at, g.arcade_id) q
    ON q.period_kind = s.period_kind AND q.period_start = s.period_start
   AND q.arcade_id = s.arcade_id
  WHERE s.application_id = g.application_id
  ORDER BY s.user_id, s.period_kind, s.period_start, s.arcade_id
  FOR UPDATE OF s;
  PERFORM 1 FROM player_stats s
  JOIN game_players x ON x.user_id = s.user_id AND x.game_id = gid
  WHERE s.application_id = g.application_id
  ORDER BY s.user_id
  FOR UPDATE OF s;

  UPDATE player_stats_periods s SET
    games_played = s.games_played - 1,
    games_won = s.games_won - x.won::integer,
    games_lost = s.games_lost - 1 + x.won::integer,
    kills = s.kills - x.kills,
    deaths = s.deaths - x.deaths,
    score_total = s.score_total - x.score,
    best_score = CASE WHEN s.best_score > x.score THEN s.best_score ELSE coalesce((
      SELECT max(o.score) FROM game_players o JOIN games og ON og.id = o.game_id
      WHERE o.user_id = s.user_id AND og.voided_at IS NULL
        AND og.application_id = s.application_id
        AND (s.arcade_id = '' OR og.arcade_id = s.arcade_id)
        AND (s.period_kind = 'all'
             OR (o.played_at >= s.period_start::timestamp AT TIME ZONE 'UTC'
                 AND o.played_at < (s.period_start + CASE s.period_kind
                       WHEN 'week' THEN interval '7 days' ELSE interval '1 month' END)
                     AT TIME ZONE 'UTC'))), 0) END
  FROM game_players x, arcadia_game_periods(g.played_at, g.arcade_id) q
  WHERE x.game_id = gid AND x.user_id = s.user_id AND s.application_id = g.application_id
    AND s.period_kind = q.period_kind AND s.period_start = q.period_start
    AND s.arcade_id = q.arcade_id;
  DELETE FROM player_stats_periods s USING game_players x
  WHERE x.game_id = gid AND x.user_id = s.user_id AND s.application_id = g.application_id
    AND s.games_played = 0;

  UPDATE player_stats s SET
    games_played = s.games_played - 1,
    games_won = s.games_won - x.won::integer,
    games_lost = s.games_lost - 1 + x.won::integer,
    kills = s.kills - x.kills,
    deaths = s.deaths - x.deaths,
    score_total = s.score_total - x.score,
    best_score = CASE WHEN s.best_score > x.score THEN s.best_score ELSE coalesce((
      SELECT max(o.score) FROM game_players o JOIN games og ON og.id = o.game_id
      WHERE o.user_id = s.user_id AND og.voided_at IS NULL
        AND og.application_id = s.application_id), 0) END,
    updated_at = now()
  FROM game_players x
  WHERE x.game_id = gid AND x.user_id = s.user_id AND s.application_id = g.application_id;
  DELETE FROM player_stats s USING game_players x
  WHERE x.game_id = gid AND x.user_id = s.user_id AND s.application_id = g.application_id
    AND s.games_played = 0;
  RETURN true;
END
$$;
