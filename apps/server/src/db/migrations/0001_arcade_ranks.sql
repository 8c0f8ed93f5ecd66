CREATE TABLE "player_rank_buckets" (
	"application_id" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" integer NOT NULL,
	"shard" smallint NOT NULL,
	"players" integer NOT NULL,
	CONSTRAINT "player_rank_buckets_application_id_metric_bucket_shard_pk" PRIMARY KEY("application_id","metric","bucket","shard")
);
--> statement-breakpoint
DROP INDEX "player_stats_score_idx";--> statement-breakpoint
DROP INDEX "player_stats_wins_idx";--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "roster_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "player_stats_score_rank_idx" ON "player_stats" USING btree ("application_id","score_total","user_id");--> statement-breakpoint
CREATE INDEX "player_stats_wins_rank_idx" ON "player_stats" USING btree ("application_id","games_won","user_id");--> statement-breakpoint
CREATE INDEX "player_stats_kd_rank_idx" ON "player_stats" USING btree ("application_id",(kills::float8 / greatest(deaths, 1)),"user_id") WHERE games_played >= 3;--> statement-breakpoint
CREATE INDEX "player_stats_periods_wins_idx" ON "player_stats_periods" USING btree ("application_id","period_kind","period_start","arcade_id","games_won");