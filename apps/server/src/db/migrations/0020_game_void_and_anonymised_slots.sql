ALTER TABLE "game_players" ADD COLUMN "anonymised" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "void_reason" text;--> statement-breakpoint
-- Slots of players deleted before this column existed: anonymised to 'Deleted player'
-- (features/games/events.ts), no user left.
UPDATE "game_players" SET "anonymised" = true WHERE "user_id" IS NULL AND "name" = 'Deleted player';
