-- arcadia_ingest_games(p jsonb) -> jsonb
--
-- Stores several reported games with everything they change, set-based: one statement per table
-- for all of them, so each statement's set-up and each statement-level trigger (the rank counts'
-- triggers, the foreign-key checks) runs once per call, not once per game. The ingest stores a
-- batch of reports with it (features/games/ingest-store.ts, storeBatch), and
-- arcadia_ingest_game (one report) is this function called with one game.
--
-- Input: a JSON array of games, each as arcadia_ingest_game's input (the GamePayload of
--   features/games/ingest-queries.ts). The games of one call share no device and no registered
--   player (the ingest queue takes them so; two rows of one table written for one key in one
--   statement would fail).
-- Output: a JSON array in the input's order: for each game {"id": <game id>, "names": {<userId>:
--   <user name>}} for its registered players, or null when its device sent the idempotency key
--   before (nothing of that game written; the others are).
-- Raises (nothing of any game written), checked in this order over all the games: AR004 unknown
--   application, AR005 mode not offered, AR001 unknown or retired map, AR002 a userId names no user
--   (or is given twice), AR006 a game's "deviceKeyHash" is no longer its device's key (or the
--   device is gone), AR007 its device is disabled, AR003 a device's report names a registered
--   player not on its roster.
--   The messages name the first offending value.
-- Writes and invariants: as arcadia_ingest_game's contract (ingest-game.sql), for every game.
--   Devices are locked in (arcade, device) order, and every table's rows are written in one key
--   order (user id, then period) across all games, so concurrent calls and single games queue
--   rather than deadlock.
--   JIT is off for its statements: the planner takes every JSON array for 100 elements, so the
--   periods' insert (games x players x periods) looks like a million rows, over jit_above_cost,
--   and compiling it cost 10 ms per call, five times the work itself.
CREATE OR REPLACE FUNCTION arcadia_ingest_games(p jsonb) RETURNS jsonb
LANGUAGE plpgsql
SET jit = off
AS $$
DECLARE
  gs jsonb;
  stored jsonb;
  sids uuid[];
  uids uuid[];
  names jsonb;
  bad text;
BEGIN
  -- The catalogue: the application, the mode and the map must exist and be in play. Retired
  -- modes and maps stay for the games stored on them, but new games are refused.
  SELECT g->>'applicationId' INTO bad FROM jsonb_array_elements(p) g
  WHERE NOT EXISTS (SELECT 1 FROM applications a WHERE a.id = g->>'applicationId') LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'unknown application %', bad USING ERRCODE = 'AR004';
  END IF;
  SELECT g->>'type' INTO bad FROM jsonb_array_elements(p) g
  WHERE NOT EXISTS (SELECT 1 FROM game_modes m WHERE m.application_id = g->>'applicationId'
                    AND m.id = g->>'type' AND m.retired_at IS NULL) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'mode % not offered', bad USING ERRCODE = 'AR005';
  END IF;
  SELECT g->>'mapId' INTO bad FROM jsonb_array_elements(p) g
  WHERE NOT EXISTS (SELECT 1 FROM maps m WHERE m.id = g->>'mapId'
                    AND m.application_id = g->>'applicationId' AND m.retired_at IS NULL) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'unknown map %', bad USING ERRCODE = 'AR001';
  END IF;
  SELECT coalesce(array_agg((x->>'userId')::uuid), '{}') INTO uids
  FROM jsonb_array_elements(p) g, jsonb_array_elements(g->'players') x
  WHERE x->>'userId' IS NOT NULL;
  SELECT coalesce(jsonb_object_agg(id, user_name), '{}'::jsonb) INTO names
  FROM users WHERE id = ANY(uids);
  IF (SELECT count(*) FROM jsonb_object_keys(names)) <> cardinality(uids) THEN
    RAISE EXCEPTION 'unknown user' USING ERRCODE = 'AR002';
  END IF;
  -- A device's report ("rosterOnly": true) may credit only the players who joined this device
  -- for the match (its roster, device_players); the demo seed stores games without one. The
  -- devices are locked first, in one order (joins lock them too, and the release below updates
  -- them anyway), so two reports of one device sent at once cannot both credit the players the
  -- first releases.
  PERFORM 1 FROM devices d
  JOIN jsonb_array_elements(p) g ON d.arcade_id = g->>'arcadeId' AND d.id = g->>'deviceId'
  WHERE coalesce((g->>'rosterOnly')::boolean, false) OR g ? 'deviceKeyHash'
  ORDER BY d.arcade_id, d.id
  FOR UPDATE OF d;
  -- The key the report was authenticated with ("deviceKeyHash", its SHA-256) must still be the
  -- device's, and the device enabled, now that its row is locked: the route trusts a verified
  -- key for a few seconds without reading the row, and a deletion, a new key or a disable
  -- committed since must not let a report through.
  SELECT g->>'deviceId' INTO bad FROM jsonb_array_elements(p) g
  LEFT JOIN devices d ON d.arcade_id = g->>'arcadeId' AND d.id = g->>'deviceId'
  WHERE g ? 'deviceKeyHash' AND (d.id IS NULL OR d.key_hash <> g->>'deviceKeyHash') LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'device % is gone or has a new key', bad USING ERRCODE = 'AR006';
  END IF;
  SELECT g->>'deviceId' INTO bad FROM jsonb_array_elements(p) g
  JOIN devices d ON d.arcade_id = g->>'arcadeId' AND d.id = g->>'deviceId'
  WHERE g ? 'deviceKeyHash' AND d.disabled_at IS NOT NULL LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'device % is disabled', bad USING ERRCODE = 'AR007';
  END IF;
  IF EXISTS (
    SELECT 1 FROM jsonb_array_elements(p) g, jsonb_array_elements(g->'players') x
    WHERE coalesce((g->>'rosterOnly')::boolean, false) AND x->>'userId' IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM device_players d
                      WHERE d.user_id = (x->>'userId')::uuid AND d.arcade_id = g->>'arcadeId'
                        AND d.device_id = g->>'deviceId')
  ) THEN
    RAISE EXCEPTION 'player not on the roster of the device' USING ERRCODE = 'AR003';
  END IF;

  -- Each game with its id (a random one where the input has none) and its position.
  SELECT jsonb_agg(g || jsonb_build_object('id', coalesce(g->>'id', gen_random_uuid()::text), 'n', n)
                   ORDER BY n)
  INTO gs FROM jsonb_array_elements(p) WITH ORDINALITY AS e(g, n);

  -- The history's view of each game, built as arcadia_game_players_json and
  -- arcadia_game_teams_json build it from the rows (same expressions, same order). A repeated
  -- report (its device sent the key before) inserts nothing and is left out from here on.
  WITH ins AS (
    INSERT INTO games (id, arcade_id, device_id, application_id, type, map_id, played_at,
                       duration_seconds, idempotency_key, players_json, teams_json)
    SELECT (g->>'id')::uuid, g->>'arcadeId', g->>'deviceId', g->>'applicationId', g->>'type',
           g->>'mapId', (g->>'playedAt')::timestamptz, (g->>'durationSeconds')::integer,
           g->>'idempotencyKey', pj.j, tj.j
    FROM jsonb_array_elements(gs) g
    CROSS JOIN LATERAL (
      SELECT coalesce(json_agg(json_build_object('id', (x->>'userId')::uuid,
               'name', coalesce(names->>(x->>'userId'), x->>'guestName'),
               'kills', (x->>'kills')::integer, 'deaths', (x->>'deaths')::integer,
               'score', (x->>'score')::integer, 'teamId', (x->>'teamId')::integer)
             ORDER BY (x->>'score')::integer DESC, m), '[]') AS j
      FROM jsonb_array_elements(g->'players') WITH ORDINALITY AS e(x, m)) pj
    CROSS JOIN LATERAL (
      SELECT coalesce(json_agg(json_build_object('id', (t->>'id')::integer, 'name', t->>'name',
               'score', (t->>'score')::integer) ORDER BY (t->>'id')::integer), '[]') AS j
      FROM jsonb_array_elements(g->'teams') t) tj
    ORDER BY (g->>'n')::integer
    ON CONFLICT DO NOTHING
    RETURNING id
  )
  SELECT coalesce(array_agg(id), '{}') INTO sids FROM ins;
  IF cardinality(sids) = 0 THEN
    RETURN (SELECT jsonb_agg('null'::jsonb) FROM jsonb_array_elements(gs));
  END IF;
  SELECT jsonb_agg(g ORDER BY (g->>'n')::integer) INTO stored
  FROM jsonb_array_elements(gs) g WHERE (g->>'id')::uuid = ANY(sids);

  UPDATE devices d SET match_started_at = NULL, roster_version = d.roster_version + 1
  FROM jsonb_array_elements(stored) g
  WHERE d.arcade_id = g->>'arcadeId' AND d.id = g->>'deviceId';
  DELETE FROM device_players d
  USING jsonb_array_elements(stored) g, jsonb_array_elements(g->'players') x
  WHERE d.arcade_id = g->>'arcadeId' AND d.device_id = g->>'deviceId'
    AND d.user_id = (x->>'userId')::uuid;

  INSERT INTO game_teams (game_id, team_id, name, score)
  SELECT (g->>'id')::uuid, (t->>'id')::integer, t->>'name', (t->>'score')::integer
  FROM jsonb_array_elements(stored) g, jsonb_array_elements(g->'teams') t;

  INSERT INTO game_players (game_id, user_id, name, team_id, kills, deaths, score, won,
                            played_at, mu_before, sigma_before, mu_after, sigma_after,
                            rating_before, rating_after)
  SELECT (g->>'id')::uuid, (x->>'userId')::uuid, coalesce(names->>(x->>'userId'), x->>'guestName'),
         (x->>'teamId')::integer, (x->>'kills')::integer, (x->>'deaths')::integer,
         (x->>'score')::integer, (x->>'won')::boolean, (g->>'playedAt')::timestamptz,
         (x->'rating'->>'muBefore')::float8, (x->'rating'->>'sigmaBefore')::float8,
         (x->'rating'->>'muAfter')::float8, (x->'rating'->>'sigmaAfter')::float8,
         (x->'rating'->>'before')::integer, (x->'rating'->>'after')::integer
  FROM jsonb_array_elements(stored) g
  CROSS JOIN LATERAL jsonb_array_elements(g->'players') WITH ORDINALITY AS e(x, m)
  ORDER BY (g->>'n')::integer, m;

  -- The caller locked these rows (features/ratings) before it rated the games.
  INSERT INTO player_ratings AS r (user_id, application_id, mode, mu, sigma, rating, games)
  SELECT (x->>'userId')::uuid, g->>'applicationId', g->>'type', (x->'rating'->>'muAfter')::float8,
         (x->'rating'->>'sigmaAfter')::float8, (x->'rating'->>'after')::integer, 1
  FROM jsonb_array_elements(stored) g, jsonb_array_elements(g->'players') x
  WHERE x->>'userId' IS NOT NULL AND jsonb_typeof(x->'rating') = 'object'
  ORDER BY 1, 2, 3
  ON CONFLICT (user_id, application_id, mode) DO UPDATE SET
    mu = excluded.mu, sigma = excluded.sigma, rating = excluded.rating,
    games = r.games + 1, updated_at = now();

  INSERT INTO player_stats_periods AS s (user_id, application_id, period_kind, period_start,
    arcade_id, games_played, games_won, games_lost, kills, deaths, score_total, best_score)
  SELECT (x->>'userId')::uuid, g->>'applicationId', q->>'periodKind', (q->>'periodStart')::date,
         q->>'arcadeId', 1, (x->>'won')::boolean::integer, 1 - (x->>'won')::boolean::integer,
         (x->>'kills')::integer, (x->>'deaths')::integer, (x->>'score')::integer,
         (x->>'score')::integer
  FROM jsonb_array_elements(stored) g
  CROSS JOIN jsonb_array_elements(g->'players') x
  CROSS JOIN jsonb_array_elements(g->'periods') q
  WHERE x->>'userId' IS NOT NULL
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (user_id, application_id, period_kind, period_start, arcade_id) DO UPDATE SET
    games_played = s.games_played + 1,
    games_won = s.games_won + excluded.games_won,
    games_lost = s.games_lost + excluded.games_lost,
    kills = s.kills + excluded.kills,
    deaths = s.deaths + excluded.deaths,
    score_total = s.score_total + excluded.score_total,
    best_score = greatest(s.best_score, excluded.best_score);

  -- Last: its triggers lock shared rank-bucket rows, held only until the commit.
  INSERT INTO player_stats AS s (user_id, application_id, games_played, games_won, games_lost,
    kills, deaths, score_total, best_score)
  SELECT (x->>'userId')::uuid, g->>'applicationId', 1, (x->>'won')::boolean::integer,
         1 - (x->>'won')::boolean::integer, (x->>'kills')::integer, (x->>'deaths')::integer,
         (x->>'score')::integer, (x->>'score')::integer
  FROM jsonb_array_elements(stored) g, jsonb_array_elements(g->'players') x
  WHERE x->>'userId' IS NOT NULL
  ORDER BY 1, 2
  ON CONFLICT (user_id, application_id) DO UPDATE SET
    games_played = s.games_played + 1,
    games_won = s.games_won + excluded.games_won,
    games_lost = s.games_lost + excluded.games_lost,
    kills = s.kills + excluded.kills,
    deaths = s.deaths + excluded.deaths,
    score_total = s.score_total + excluded.score_total,
    best_score = greatest(s.best_score, excluded.best_score),
    updated_at = now();

  -- The players' apps hear of each game on the live channel (events/live-signal.ts, the 'game'
  -- hint): delivered when this transaction commits, and only then.
  PERFORM pg_notify({{LIVE_CHANNEL}}, json_build_object('t', 'game', 'u', (x->>'userId')::uuid,
            'g', (g->>'id')::uuid, 'app', g->>'applicationId', 'a', g->>'arcadeId',
            'd', g->>'deviceId')::text)
  FROM jsonb_array_elements(stored) g, jsonb_array_elements(g->'players') x
  WHERE x->>'userId' IS NOT NULL;

  RETURN (
    SELECT jsonb_agg(CASE WHEN (g->>'id')::uuid = ANY(sids) THEN jsonb_build_object(
             'id', (g->>'id')::uuid,
             'names', (SELECT coalesce(jsonb_object_agg((x->>'userId')::uuid,
                                                        names->((x->>'userId')::uuid::text)), '{}')
                       FROM jsonb_array_elements(g->'players') x
                       WHERE x->>'userId' IS NOT NULL)) END
           ORDER BY (g->>'n')::integer)
    FROM jsonb_array_elements(gs) g);
END
$$;
