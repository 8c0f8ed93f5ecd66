CREATE TABLE "player_ratings" (
	"user_id" uuid NOT NULL,
	"application_id" text NOT NULL,
	"mode" text NOT NULL,
	"mu" double precision NOT NULL,
	"sigma" double precision NOT NULL,
	"rating" integer NOT NULL,
	"games" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_ratings_user_id_application_id_mode_pk" PRIMARY KEY("user_id","application_id","mode")
);
--> statement-breakpoint
ALTER TABLE "game_players" ADD COLUMN "mu_before" double precision;--> statement-breakpoint
ALTER TABLE "game_players" ADD COLUMN "sigma_before" double precision;--> statement-breakpoint
ALTER TABLE "game_players" ADD COLUMN "mu_after" double precision;--> statement-breakpoint
ALTER TABLE "game_players" ADD COLUMN "sigma_after" double precision;--> statement-breakpoint
ALTER TABLE "game_players" ADD COLUMN "rating_before" integer;--> statement-breakpoint
ALTER TABLE "game_players" ADD COLUMN "rating_after" integer;--> statement-breakpoint
ALTER TABLE "player_ratings" ADD CONSTRAINT "player_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_ratings_rank_idx" ON "player_ratings" USING btree ("application_id","mode","rating","user_id");