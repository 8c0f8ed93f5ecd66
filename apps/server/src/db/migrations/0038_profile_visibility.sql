ALTER TABLE "users" ADD COLUMN "profile_visibility" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
-- Profiles of players under 16 (by the birthday) start friends-only, as at registration.
UPDATE "users" SET "profile_visibility" = 'friends' WHERE "birthday" > (current_date - interval '16 years');
