-- arcadia_rank_metric_buckets(score_total, games_won, games_played, kills, deaths)
--   -> TABLE (metric text, bucket integer)
--
-- The one place that says which leaderboard buckets a player_stats row counts in: one row per
-- metric the row takes part in. The three rank triggers (player-stats-rank-*.sql) call it
-- LATERAL on their transition tables.
--
-- Input:      the row's all-time totals (the columns of player_stats, same types).
-- Output:     ('score', bucket of score_total), ('wins', bucket of games_won) and, only when
--             games_played >= LEADERBOARD_KD_MIN_GAMES ({{LEADERBOARD_KD_MIN_GAMES}}),
--             ('kd', bucket of kills / max(deaths, 1) * LEADERBOARD_KD_BUCKET_SCALE).
-- Raises:     nothing.
-- Writes:     nothing.
-- Invariants: the K/D rule matches the partial index player_stats_kd_rank_idx and the
--             leaderboard queries (features/leaderboards/repository.ts), all rendered from the
--             same contracts constants. A single-SELECT, non-strict IMMUTABLE SQL function, so the
--             planner inlines it into the trigger's statement: the same plan as writing the
--             VALUES list there (keep it inlinable: no STRICT, no SET, no second statement).
CREATE OR REPLACE FUNCTION arcadia_rank_metric_buckets(
  score_total bigint, games_won integer, games_played integer, kills bigint, deaths bigint
) RETURNS TABLE (metric text, bucket integer)
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT m.metric, m.bucket
  FROM (VALUES
    ('score', arcadia_rank_bucket(score_total)),
    ('wins', arcadia_rank_bucket(games_won)),
    ('kd', CASE WHEN games_played >= {{LEADERBOARD_KD_MIN_GAMES}}
                THEN arcadia_rank_bucket(kills::float8 / greatest(deaths, 1) * {{LEADERBOARD_KD_BUCKET_SCALE}}) END)
  ) m(metric, bucket)
  WHERE m.bucket IS NOT NULL
$$;
