-- arcadia_game_periods(played timestamptz, arcade text)
--   -> TABLE(period_kind text, period_start date, arcade_id text)
--
-- The player_stats_periods rows a game played at `played` in `arcade` counts in, as ingest
-- computes them in TypeScript (features/games/ingest.ts periodKeys, periods.ts): the week
-- (starting Monday, UTC) and the month (starting the 1st, UTC), each for all arcades ('') and
-- for the arcade, and all time ('1970-01-01' = ALL_TIME_START) for the arcade.
-- Input:      the game's played_at and arcade_id.
-- Output:     five rows, in ingest's order.
-- Raises:     nothing.
-- Writes:     nothing (IMMUTABLE).
-- Invariants: must equal periodKeys() of ingest.ts; features/admin/games.test.ts compares the
--             statistics a void or an assignment leaves with those ingest writes.
CREATE OR REPLACE FUNCTION arcadia_game_periods(played timestamptz, arcade text)
RETURNS TABLE (period_kind text, period_start date, arcade_id text)
LANGUAGE sql IMMUTABLE
AS $$
  SELECT v.k, v.s, v.a FROM (VALUES
    ('week', date_trunc('week', played AT TIME ZONE 'UTC')::date, ''),
    ('week', date_trunc('week', played AT TIME ZONE 'UTC')::date, arcade),
    ('month', date_trunc('month', played AT TIME ZONE 'UTC')::date, ''),
    ('month', date_trunc('month', played AT TIME ZONE 'UTC')::date, arcade),
    ('all', date '1970-01-01', arcade)) AS v(k, s, a)
$$;
