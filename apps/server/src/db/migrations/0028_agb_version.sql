ALTER TABLE "users" ADD COLUMN "agb_version" integer;--> statement-breakpoint
-- Everyone registered so far accepted the only terms there were: version 1.
UPDATE "users" SET "agb_version" = 1 WHERE "agb_accepted_at" IS NOT NULL;
