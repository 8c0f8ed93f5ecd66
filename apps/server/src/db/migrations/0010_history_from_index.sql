-- Match history straight from an index, and each game's players and teams stored with it.
-- game_players.played_at (a copy of the game's) lets a player's newest games be read in
-- order from game_players_user_played_idx; games.players_json / teams_json hold the game as the
-- history shows it, written by arcadia_ingest_game and rebuilt by a trigger when a player is
-- anonymised (null for games stored otherwise: readers build it from the rows then).
DROP INDEX "game_players_user_idx";--> statement-breakpoint
ALTER TABLE "game_players" ADD COLUMN "played_at" timestamp with time zone;--> statement-breakpoint
UPDATE "game_players" gp SET "played_at" = g."played_at" FROM "games" g WHERE g."id" = gp."game_id";--> statement-breakpoint
ALTER TABLE "game_players" ALTER COLUMN "played_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "players_json" json;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "teams_json" json;--> statement-breakpoint
CREATE INDEX "game_players_user_played_idx" ON "game_players" USING btree ("user_id","played_at","game_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadia_game_players_json(gid uuid) RETURNS json
LANGUAGE sql STABLE
AS $$
  SELECT coalesce(json_agg(json_build_object('id', p.user_id, 'name', p.name, 'kills', p.kills,
           'deaths', p.deaths, 'score', p.score, 'teamId', p.team_id)
         ORDER BY p.score DESC, p.id), '[]')
  FROM game_players p WHERE p.game_id = gid
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadia_game_teams_json(gid uuid) RETURNS json
LANGUAGE sql STABLE
AS $$
  SELECT coalesce(json_agg(json_build_object('id', t.team_id, 'name', t.name, 'score', t.score)
         ORDER BY t.team_id), '[]')
  FROM game_teams t WHERE t.game_id = gid
$$;--> statement-breakpoint
UPDATE "games" SET "players_json" = arcadia_game_players_json("id"), "teams_json" = arcadia_game_teams_json("id");--> statement-breakpoint
-- Games are written whole by arcadia_ingest_game; afterwards their players only change when
-- one is anonymised or removed, and then the stored view is built again.
CREATE OR REPLACE FUNCTION arcadia_game_players_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE games g SET players_json = arcadia_game_players_json(g.id)
  WHERE g.id IN (SELECT DISTINCT game_id FROM old_rows) AND g.players_json IS NOT NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER game_players_json_update AFTER UPDATE ON game_players
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION arcadia_game_players_changed();--> statement-breakpoint
CREATE TRIGGER game_players_json_delete AFTER DELETE ON game_players
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION arcadia_game_players_changed();--> statement-breakpoint
-- The rank triggers return at once when their transition table is empty (an upsert fires both
-- the insert and the update trigger, one of them usually with no rows).
CREATE OR REPLACE FUNCTION arcadia_stats_rank_rows_insert() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM arcadia_apply_rank_deltas(ARRAY(
    SELECT ROW(application_id, metric, bucket, delta)::arcadia_rank_delta FROM (
      SELECT application_id, 'score' AS metric, arcadia_rank_bucket(score_total) AS bucket, 1 AS delta FROM new_rows
      UNION ALL SELECT application_id, 'wins', arcadia_rank_bucket(games_won), 1 FROM new_rows
      UNION ALL SELECT application_id, 'kd', arcadia_rank_bucket(kills::float8 / greatest(deaths, 1) * 100), 1
        FROM new_rows WHERE games_played >= 3
    ) x));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadia_stats_rank_rows_update() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM arcadia_apply_rank_deltas(ARRAY(
    SELECT ROW(application_id, metric, bucket, delta)::arcadia_rank_delta FROM (
      SELECT application_id, 'score' AS metric, arcadia_rank_bucket(score_total) AS bucket, 1 AS delta FROM new_rows
      UNION ALL SELECT application_id, 'wins', arcadia_rank_bucket(games_won), 1 FROM new_rows
      UNION ALL SELECT application_id, 'kd', arcadia_rank_bucket(kills::float8 / greatest(deaths, 1) * 100), 1
        FROM new_rows WHERE games_played >= 3
      UNION ALL SELECT application_id, 'score', arcadia_rank_bucket(score_total), -1 FROM old_rows
      UNION ALL SELECT application_id, 'wins', arcadia_rank_bucket(games_won), -1 FROM old_rows
      UNION ALL SELECT application_id, 'kd', arcadia_rank_bucket(kills::float8 / greatest(deaths, 1) * 100), -1
        FROM old_rows WHERE games_played >= 3
    ) x));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadia_stats_rank_rows_delete() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM arcadia_apply_rank_deltas(ARRAY(
    SELECT ROW(application_id, metric, bucket, delta)::arcadia_rank_delta FROM (
      SELECT application_id, 'score' AS metric, arcadia_rank_bucket(score_total) AS bucket, -1 AS delta FROM old_rows
      UNION ALL SELECT application_id, 'wins', arcadia_rank_bucket(games_won), -1 FROM old_rows
      UNION ALL SELECT application_id, 'kd', arcadia_rank_bucket(kills::float8 / greatest(deaths, 1) * 100), -1
        FROM old_rows WHERE games_played >= 3
    ) x));
  RETURN NULL;
END
$$;--> statement-breakpoint
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

  INSERT INTO games (arcade_id, device_id, application_id, type, map_id, played_at,
                     duration_seconds, idempotency_key, players_json, teams_json)
  VALUES (arcade, device, app, p->>'type', p->>'mapId', played, (p->>'durationSeconds')::integer,
          p->>'idempotencyKey', players_json, teams_json)
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
