-- arcadia_ingest_game takes the new game's id from the report payload ("id", a random one when
-- it is missing): the server chooses it, so that the writes of the ingest hooks can name the
-- game in the same statement (features/games/ingest-queries.ts). It also stores the game's
-- players and teams as the history shows them and copies played_at to game_players
-- (migration 0010).
--
-- arcadia_apply_rank_deltas in PL/pgSQL: a multi-statement SQL function is planned again on
-- every call, and the rank triggers call it for every game stored; PL/pgSQL keeps the plans of
-- its statements for the session. Same statements, same order.
CREATE OR REPLACE FUNCTION arcadia_apply_rank_deltas(d arcadia_rank_delta[]) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO player_rank_buckets AS b (application_id, metric, bucket, shard, players)
  SELECT application_id, metric, bucket, (pg_backend_pid() % 8)::smallint, sum(delta)::integer
  FROM unnest(d)
  GROUP BY application_id, metric, bucket
  HAVING sum(delta) <> 0
  ORDER BY application_id, metric, bucket
  ON CONFLICT (application_id, metric, bucket, shard) DO UPDATE SET players = b.players + excluded.players;
  INSERT INTO player_rank_bucket_groups AS g (application_id, metric, bucket_group, shard, players)
  SELECT application_id, metric, bucket / 64, (pg_backend_pid() % 8)::smallint, sum(delta)::integer
  FROM unnest(d)
  GROUP BY application_id, metric, bucket / 64
  HAVING sum(delta) <> 0
  ORDER BY application_id, metric, bucket / 64
  ON CONFLICT (application_id, metric, bucket_group, shard) DO UPDATE SET players = g.players + excluded.players;
END
$$;--> statement-breakpoint
-- The rank triggers read their transition tables once (three metrics per row side by side)
-- instead of once per metric and side, and return at once when the table is empty (an upsert
-- fires both the insert and the update trigger, one of them usually with no rows).
CREATE OR REPLACE FUNCTION arcadia_stats_rank_rows_insert() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM arcadia_apply_rank_deltas(ARRAY(
    SELECT ROW(r.application_id, m.metric, m.bucket, 1)::arcadia_rank_delta
    FROM new_rows r CROSS JOIN LATERAL (VALUES
      ('score', arcadia_rank_bucket(r.score_total)),
      ('wins', arcadia_rank_bucket(r.games_won)),
      ('kd', CASE WHEN r.games_played >= 3
                  THEN arcadia_rank_bucket(r.kills::float8 / greatest(r.deaths, 1) * 100) END)
    ) m(metric, bucket)
    WHERE m.bucket IS NOT NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadia_stats_rank_rows_update() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM arcadia_apply_rank_deltas(ARRAY(
    SELECT ROW(r.application_id, m.metric, m.bucket, r.delta)::arcadia_rank_delta
    FROM (SELECT *, 1 AS delta FROM new_rows UNION ALL SELECT *, -1 FROM old_rows) r
    CROSS JOIN LATERAL (VALUES
      ('score', arcadia_rank_bucket(r.score_total)),
      ('wins', arcadia_rank_bucket(r.games_won)),
      ('kd', CASE WHEN r.games_played >= 3
                  THEN arcadia_rank_bucket(r.kills::float8 / greatest(r.deaths, 1) * 100) END)
    ) m(metric, bucket)
    WHERE m.bucket IS NOT NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadia_stats_rank_rows_delete() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM arcadia_apply_rank_deltas(ARRAY(
    SELECT ROW(r.application_id, m.metric, m.bucket, -1)::arcadia_rank_delta
    FROM old_rows r CROSS JOIN LATERAL (VALUES
      ('score', arcadia_rank_bucket(r.score_total)),
      ('wins', arcadia_rank_bucket(r.games_won)),
      ('kd', CASE WHEN r.games_played >= 3
                  THEN arcadia_rank_bucket(r.kills::float8 / greatest(r.deaths, 1) * 100) END)
    ) m(metric, bucket)
    WHERE m.bucket IS NOT NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
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
                            played_at)
  SELECT gid, (x->>'userId')::uuid, coalesce(names->>(x->>'userId'), x->>'guestName'),
         (x->>'teamId')::integer, (x->>'kills')::integer, (x->>'deaths')::integer,
         (x->>'score')::integer, (x->>'won')::boolean, played
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
