-- arcadia_ingest_game(p jsonb) -> jsonb
--
-- Stores one reported game with everything it changes, in one call: features/games/ingest.ts
-- decides winners and periods, and storeGame (features/games/ingest-queries.ts) calls this in
-- the first CTE of one statement whose later CTEs are the ingest hooks' writes.
--
-- Input (p, the GamePayload of ingest-queries.ts):
--   id               the new game's id (uuid; a random one when missing): chosen by the server so
--                    that the hooks can name the game in the same statement
--   arcadeId, deviceId, applicationId, type, mapId, playedAt (timestamptz), durationSeconds,
--   idempotencyKey
--   rosterOnly       true for every report a device sends: a registered player must be on the
--                    device's roster (device_players); false/missing only for the demo seed
--   teams            [{id, name, score}]
--   players          [{userId | null, guestName | null, teamId | null, kills, deaths, score, won,
--                    rating | null}] in report order; guests have no userId. rating: the
--                    registered player's skill rating {muBefore, sigmaBefore, muAfter,
--                    sigmaAfter, before, after} computed by features/ratings in the same
--                    transaction, after it locked the player's player_ratings row; null for
--                    guests (and when unrated)
--   periods          [{periodKind: week | month | all, periodStart (date), arcadeId ('' = all)}]
-- Output:
--   {"id": <game id>, "names": {<userId>: <user name>}} for the registered players, or NULL when
--   this device sent the idempotency key before (nothing written; the caller answers from the
--   stored game).
-- Raises (nothing written; the caller turns them into 400 answers naming the field), checked
-- in this order:
--   AR004  the application (the device's) is not in the catalogue (applications)
--   AR005  the application does not offer the mode (`type`): no game_modes row, or it is retired
--   AR001  the map is unknown for the application, or retired
--   AR002  a userId names no user
--   AR003  rosterOnly and a registered player is not on the device's roster
-- Writes, in this order:
--   games (with players_json / teams_json, the history's view of the game, built exactly as
--   arcadia_game_players_json / arcadia_game_teams_json build it from the rows); devices (the
--   match ends: match_started_at NULL, roster_version + 1) and device_players (its registered
--   players are released); game_teams; game_players (with the game's played_at and each
--   player's rating before and after); player_ratings (the rated players' new μ, σ, displayed
--   rating, games + 1 in the game's application and mode `type`); player_stats_periods (one
--   row per registered player and period); player_stats last, whose rank triggers
--   (player-stats-rank-*.sql) update the rank counts. Then a 'game' hint per registered player
--   on the players' live channel (events/live-channel.ts; the hint as events/live-signal.ts
--   reads it), delivered when the transaction commits.
-- Invariants:
--   - All or nothing: the checks come before the first write, and the caller's statement runs in
--     one transaction (with the rating lock before it when the game has registered players).
--   - Idempotent per (arcade, device, idempotency key): the unique key on games makes a repeat a
--     no-op (NULL). The roster check comes before that insert, as the user check does: a repeated
--     report of a stored game (its players released since) is answered from the stored game.
--   - With rosterOnly, the device row is locked before the roster is read (joins lock it too),
--     so concurrent reports of one device queue there and each sees the roster the one before it
--     left: two reports sent at once cannot both credit the players the first releases.
--   - Rows are written in one order (user id, then period), so concurrent reports sharing
--     players queue rather than deadlock; player_stats comes last because its triggers lock
--     shared rank-bucket rows, held only until the commit.
CREATE OR REPLACE FUNCTION arcadia_ingest_game(p jsonb) RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  gid uuid;
  uids uuid[];
  names jsonb;
  app text := p->>'applicationId';
  arcade text := p->>'arcadeId';
  device text := p->>'deviceId';
  played timestamptz := (p->>'playedAt')::timestamptz;
  players_json json;
  teams_json json;
BEGIN
  -- The catalogue: the application, the mode and the map must exist and be in play. Retired
  -- modes and maps stay for the games stored on them, but new games are refused.
  IF NOT EXISTS (SELECT 1 FROM applications WHERE id = app) THEN
    RAISE EXCEPTION 'unknown application %', app USING ERRCODE = 'AR004';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM game_modes
                 WHERE application_id = app AND id = p->>'type' AND retired_at IS NULL) THEN
    RAISE EXCEPTION 'mode % not offered', p->>'type' USING ERRCODE = 'AR005';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM maps
                 WHERE id = p->>'mapId' AND application_id = app AND retired_at IS NULL) THEN
    RAISE EXCEPTION 'unknown map %', p->>'mapId' USING ERRCODE = 'AR001';
  END IF;
  SELECT coalesce(array_agg((x->>'userId')::uuid), '{}') INTO uids
  FROM jsonb_array_elements(p->'players') x WHERE x->>'userId' IS NOT NULL;
  SELECT coalesce(jsonb_object_agg(id, user_name), '{}'::jsonb) INTO names
  FROM users WHERE id = ANY(uids);
  IF (SELECT count(*) FROM jsonb_object_keys(names)) <> cardinality(uids) THEN
    RAISE EXCEPTION 'unknown user' USING ERRCODE = 'AR002';
  END IF;
  -- A device's report ("rosterOnly": true) may credit only the players who joined this device
  -- for the match (its roster, device_players); the demo seed stores games without one. The
  -- device row is locked first (joins lock it too, and the release below updates it anyway), so
  -- two reports of one device sent at once cannot both credit the players the first releases.
  IF coalesce((p->>'rosterOnly')::boolean, false) THEN
    PERFORM 1 FROM devices WHERE arcade_id = arcade AND id = device FOR UPDATE;
    IF EXISTS (
      SELECT 1 FROM unnest(uids) u
      WHERE NOT EXISTS (SELECT 1 FROM device_players d
                        WHERE d.user_id = u AND d.arcade_id = arcade AND d.device_id = device)
    ) THEN
      RAISE EXCEPTION 'player not on the roster of the device' USING ERRCODE = 'AR003';
    END IF;
  END IF;

  -- The history's view of the game, built as arcadia_game_players_json and
  -- arcadia_game_teams_json build it from the rows (same expressions, same order).
  SELECT coalesce(json_agg(json_build_object('id', (x->>'userId')::uuid,
           'name', coalesce(names->>(x->>'userId'), x->>'guestName'),
           'kills', (x->>'kills')::integer, 'deaths', (x->>'deaths')::integer,
           'score', (x->>'score')::integer, 'teamId', (x->>'teamId')::integer)
         ORDER BY (x->>'score')::integer DESC, n), '[]')
  INTO players_json
  FROM jsonb_array_elements(p->'players') WITH ORDINALITY AS e(x, n);
  SELECT coalesce(json_agg(json_build_object('id', (t->>'id')::integer, 'name', t->>'name',
           'score', (t->>'score')::integer) ORDER BY (t->>'id')::integer), '[]')
  INTO teams_json
  FROM jsonb_array_elements(p->'teams') t;

  INSERT INTO games (id, arcade_id, device_id, application_id, type, map_id, played_at,
                     duration_seconds, idempotency_key, players_json, teams_json)
  VALUES (coalesce((p->>'id')::uuid, gen_random_uuid()), arcade, device, app, p->>'type',
          p->>'mapId', played, (p->>'durationSeconds')::integer, p->>'idempotencyKey',
          players_json, teams_json)
  ON CONFLICT DO NOTHING
  RETURNING id INTO gid;
  IF gid IS NULL THEN
    RETURN NULL;
  END IF;

  UPDATE devices SET match_started_at = NULL, roster_version = roster_version + 1
  WHERE arcade_id = arcade AND id = device;
  DELETE FROM device_players
  WHERE arcade_id = arcade AND device_id = device AND user_id = ANY(uids);

  INSERT INTO game_teams (game_id, team_id, name, score)
  SELECT gid, (t->>'id')::integer, t->>'name', (t->>'score')::integer
  FROM jsonb_array_elements(p->'teams') t;

  INSERT INTO game_players (game_id, user_id, name, team_id, kills, deaths, score, won,
                            played_at, mu_before, sigma_before, mu_after, sigma_after,
                            rating_before, rating_after)
  SELECT gid, (x->>'userId')::uuid, coalesce(names->>(x->>'userId'), x->>'guestName'),
         (x->>'teamId')::integer, (x->>'kills')::integer, (x->>'deaths')::integer,
         (x->>'score')::integer, (x->>'won')::boolean, played,
         (x->'rating'->>'muBefore')::float8, (x->'rating'->>'sigmaBefore')::float8,
         (x->'rating'->>'muAfter')::float8, (x->'rating'->>'sigmaAfter')::float8,
         (x->'rating'->>'before')::integer, (x->'rating'->>'after')::integer
  FROM jsonb_array_elements(p->'players') WITH ORDINALITY AS e(x, n)
  ORDER BY n;

  -- The caller locked these rows (features/ratings) before it rated the game.
  INSERT INTO player_ratings AS r (user_id, application_id, mode, mu, sigma, rating, games)
  SELECT (x->>'userId')::uuid, app, p->>'type', (x->'rating'->>'muAfter')::float8,
         (x->'rating'->>'sigmaAfter')::float8, (x->'rating'->>'after')::integer, 1
  FROM jsonb_array_elements(p->'players') x
  WHERE x->>'userId' IS NOT NULL AND jsonb_typeof(x->'rating') = 'object'
  ORDER BY 1
  ON CONFLICT (user_id, application_id, mode) DO UPDATE SET
    mu = excluded.mu, sigma = excluded.sigma, rating = excluded.rating,
    games = r.games + 1, updated_at = now();

  INSERT INTO player_stats_periods AS s (user_id, application_id, period_kind, period_start,
    arcade_id, games_played, games_won, games_lost, kills, deaths, score_total, best_score)
  SELECT (x->>'userId')::uuid, app, q->>'periodKind', (q->>'periodStart')::date, q->>'arcadeId',
         1, (x->>'won')::boolean::integer, 1 - (x->>'won')::boolean::integer,
         (x->>'kills')::integer, (x->>'deaths')::integer, (x->>'score')::integer,
         (x->>'score')::integer
  FROM jsonb_array_elements(p->'players') x
  CROSS JOIN jsonb_array_elements(p->'periods') q
  WHERE x->>'userId' IS NOT NULL
  ORDER BY 1, 3, 4, 5
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
  SELECT (x->>'userId')::uuid, app, 1, (x->>'won')::boolean::integer,
         1 - (x->>'won')::boolean::integer, (x->>'kills')::integer, (x->>'deaths')::integer,
         (x->>'score')::integer, (x->>'score')::integer
  FROM jsonb_array_elements(p->'players') x
  WHERE x->>'userId' IS NOT NULL
  ORDER BY 1
  ON CONFLICT (user_id, application_id) DO UPDATE SET
    games_played = s.games_played + 1,
    games_won = s.games_won + excluded.games_won,
    games_lost = s.games_lost + excluded.games_lost,
    kills = s.kills + excluded.kills,
    deaths = s.deaths + excluded.deaths,
    score_total = s.score_total + excluded.score_total,
    best_score = greatest(s.best_score, excluded.best_score),
    updated_at = now();

  -- The players' apps hear of the game on the live channel (events/live-signal.ts, the 'game'
  -- hint): delivered when this transaction commits, and only then.
  PERFORM pg_notify({{LIVE_CHANNEL}}, json_build_object('t', 'game', 'u', u, 'g', gid,
            'app', app, 'a', arcade, 'd', device)::text)
  FROM unnest(uids) u;

  RETURN jsonb_build_object('id', gid, 'names', names);
END
$$;
