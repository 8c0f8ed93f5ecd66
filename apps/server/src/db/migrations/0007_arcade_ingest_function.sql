-- Storing a reported game in one call (features/games/ingest.ts decides winners and periods and
-- runs it inside its transaction, before the ingest hooks): the game, the end of the match and
-- the release of its players from the device, teams, players, period aggregates and all-time
-- statistics (whose triggers keep the rank buckets). Rows are written in one order (user id,
-- then period), so concurrent reports sharing players queue rather than deadlock.
-- Answers {"id", "names"} (names: the registered players' user names), or null when this device
-- sent the idempotency key before (nothing written). Raises AR001 for an unknown map and
-- AR002 for an unknown user; the caller turns those into 400 answers with the fields.
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
BEGIN
  IF NOT EXISTS (SELECT 1 FROM maps WHERE id = p->>'mapId' AND application_id = app) THEN
    RAISE EXCEPTION 'unknown map %', p->>'mapId' USING ERRCODE = 'AR001';
  END IF;
  SELECT coalesce(array_agg((x->>'userId')::uuid), '{}') INTO uids
  FROM jsonb_array_elements(p->'players') x WHERE x->>'userId' IS NOT NULL;
  SELECT coalesce(jsonb_object_agg(id, user_name), '{}'::jsonb) INTO names
  FROM users WHERE id = ANY(uids);
  IF (SELECT count(*) FROM jsonb_object_keys(names)) <> cardinality(uids) THEN
    RAISE EXCEPTION 'unknown user' USING ERRCODE = 'AR002';
  END IF;

  INSERT INTO games (arcade_id, device_id, application_id, type, map_id, played_at,
                     duration_seconds, idempotency_key)
  VALUES (arcade, device, app, p->>'type', p->>'mapId', (p->>'playedAt')::timestamptz,
          (p->>'durationSeconds')::integer, p->>'idempotencyKey')
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

  INSERT INTO game_players (game_id, user_id, name, team_id, kills, deaths, score, won)
  SELECT gid, (x->>'userId')::uuid, coalesce(names->>(x->>'userId'), x->>'guestName'),
         (x->>'teamId')::integer, (x->>'kills')::integer, (x->>'deaths')::integer,
         (x->>'score')::integer, (x->>'won')::boolean
  FROM jsonb_array_elements(p->'players') WITH ORDINALITY AS e(x, n)
  ORDER BY n;

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

  RETURN jsonb_build_object('id', gid, 'names', names);
END
$$;
