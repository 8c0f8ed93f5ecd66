-- Rank buckets of the all-time leaderboards (player_rank_buckets), kept by statement triggers on
-- player_stats so that every writer (ingest, deletion cascades, bulk loads) keeps them right.
-- A bucket is floor(ln(v + 1) * 64 / ln 2): 64 buckets per doubling, about 1.1 % wide.
-- K/D is bucketed as kd * 100 and only for players with at least 3 games
-- (LEADERBOARD_KD_MIN_GAMES); features/leaderboards/rank-buckets.ts mirrors these formulas.
CREATE OR REPLACE FUNCTION arcadia_rank_bucket(v double precision) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT floor(ln(greatest(v, 0) + 1) * 92.33248261689366)::integer $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadia_stats_rank_rows_insert() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO player_rank_buckets AS b (application_id, metric, bucket, shard, players)
  SELECT application_id, metric, bucket, (pg_backend_pid() % 8)::smallint, sum(delta)::integer
  FROM (
    SELECT application_id, 'score' AS metric, arcadia_rank_bucket(score_total) AS bucket, 1 AS delta FROM new_rows
    UNION ALL SELECT application_id, 'wins', arcadia_rank_bucket(games_won), 1 FROM new_rows
    UNION ALL SELECT application_id, 'kd', arcadia_rank_bucket(kills::float8 / greatest(deaths, 1) * 100), 1
      FROM new_rows WHERE games_played >= 3
  ) d
  GROUP BY application_id, metric, bucket
  HAVING sum(delta) <> 0
  ORDER BY application_id, metric, bucket
  ON CONFLICT (application_id, metric, bucket, shard) DO UPDATE SET players = b.players + excluded.players;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadia_stats_rank_rows_update() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO player_rank_buckets AS b (application_id, metric, bucket, shard, players)
  SELECT application_id, metric, bucket, (pg_backend_pid() % 8)::smallint, sum(delta)::integer
  FROM (
    SELECT application_id, 'score' AS metric, arcadia_rank_bucket(score_total) AS bucket, 1 AS delta FROM new_rows
    UNION ALL SELECT application_id, 'wins', arcadia_rank_bucket(games_won), 1 FROM new_rows
    UNION ALL SELECT application_id, 'kd', arcadia_rank_bucket(kills::float8 / greatest(deaths, 1) * 100), 1
      FROM new_rows WHERE games_played >= 3
    UNION ALL SELECT application_id, 'score', arcadia_rank_bucket(score_total), -1 FROM old_rows
    UNION ALL SELECT application_id, 'wins', arcadia_rank_bucket(games_won), -1 FROM old_rows
    UNION ALL SELECT application_id, 'kd', arcadia_rank_bucket(kills::float8 / greatest(deaths, 1) * 100), -1
      FROM old_rows WHERE games_played >= 3
  ) d
  GROUP BY application_id, metric, bucket
  HAVING sum(delta) <> 0
  ORDER BY application_id, metric, bucket
  ON CONFLICT (application_id, metric, bucket, shard) DO UPDATE SET players = b.players + excluded.players;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadia_stats_rank_rows_delete() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO player_rank_buckets AS b (application_id, metric, bucket, shard, players)
  SELECT application_id, metric, bucket, (pg_backend_pid() % 8)::smallint, sum(delta)::integer
  FROM (
    SELECT application_id, 'score' AS metric, arcadia_rank_bucket(score_total) AS bucket, -1 AS delta FROM old_rows
    UNION ALL SELECT application_id, 'wins', arcadia_rank_bucket(games_won), -1 FROM old_rows
    UNION ALL SELECT application_id, 'kd', arcadia_rank_bucket(kills::float8 / greatest(deaths, 1) * 100), -1
      FROM old_rows WHERE games_played >= 3
  ) d
  GROUP BY application_id, metric, bucket
  HAVING sum(delta) <> 0
  ORDER BY application_id, metric, bucket
  ON CONFLICT (application_id, metric, bucket, shard) DO UPDATE SET players = b.players + excluded.players;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER player_stats_rank_insert AFTER INSERT ON player_stats
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION arcadia_stats_rank_rows_insert();
--> statement-breakpoint
CREATE TRIGGER player_stats_rank_update AFTER UPDATE ON player_stats
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION arcadia_stats_rank_rows_update();
--> statement-breakpoint
CREATE TRIGGER player_stats_rank_delete AFTER DELETE ON player_stats
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION arcadia_stats_rank_rows_delete();
--> statement-breakpoint
-- Devices learn of roster changes at once through LISTEN arcadia_device_roster (PostgreSQL);
-- the payload is "<arcade>;<id>;<version>".
CREATE OR REPLACE FUNCTION arcadia_device_roster_notify() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.roster_version IS DISTINCT FROM OLD.roster_version
     OR NEW.match_started_at IS DISTINCT FROM OLD.match_started_at THEN
    PERFORM pg_notify('arcadia_device_roster', NEW.arcade_id || ';' || NEW.id || ';' || NEW.roster_version);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER devices_roster_notify AFTER UPDATE ON devices
FOR EACH ROW EXECUTE FUNCTION arcadia_device_roster_notify();
