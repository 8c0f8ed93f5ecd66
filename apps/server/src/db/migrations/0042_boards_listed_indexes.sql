DROP INDEX "player_stats_score_rank_idx";--> statement-breakpoint
DROP INDEX "player_stats_wins_rank_idx";--> statement-breakpoint
DROP INDEX "player_stats_kd_rank_idx";--> statement-breakpoint
CREATE INDEX "player_stats_score_rank_idx" ON "player_stats" USING btree ("application_id","score_total","user_id") WHERE listed;--> statement-breakpoint
CREATE INDEX "player_stats_wins_rank_idx" ON "player_stats" USING btree ("application_id","games_won","user_id") WHERE listed;--> statement-breakpoint
CREATE INDEX "player_stats_kd_rank_idx" ON "player_stats" USING btree ("application_id",(kills::float8 / greatest(deaths, 1)),"user_id") WHERE games_played >= 3 and listed;