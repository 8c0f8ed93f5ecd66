CREATE TABLE "game_claims" (
	"slot_id" integer PRIMARY KEY NOT NULL,
	"game_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "game_claims_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "game_claims" ADD CONSTRAINT "game_claims_slot_id_game_players_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."game_players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_claims" ADD CONSTRAINT "game_claims_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_claims_game_idx" ON "game_claims" USING btree ("game_id");