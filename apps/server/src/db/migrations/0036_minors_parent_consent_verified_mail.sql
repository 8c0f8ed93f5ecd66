ALTER TABLE "users" ADD COLUMN "mail_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD COLUMN "parent_mail" text;--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "marketing_tokens" ADD COLUMN "parent_mail" text;--> statement-breakpoint
-- Old consents without proof (docs/privacy.md): marketing_consent set before double opt-in
-- existed has no 'confirmed' record, so it does not count. Each such consent is set aside and
-- recorded ('invalidated', text version 0, source 'migration'); the player is asked again by
-- ticking the box. Running it again changes nothing (the test runs it on planted rows).
INSERT INTO "marketing_consents" ("user_id", "action", "text_version", "source")
SELECT u."id", 'invalidated', 0, 'migration' FROM "users" u
WHERE u."marketing_consent"
  AND NOT EXISTS (SELECT 1 FROM "marketing_consents" c
                  WHERE c."user_id" = u."id" AND c."action" = 'confirmed');--> statement-breakpoint
UPDATE "users" u SET "marketing_consent" = false
WHERE u."marketing_consent"
  AND NOT EXISTS (SELECT 1 FROM "marketing_consents" c
                  WHERE c."user_id" = u."id" AND c."action" = 'confirmed');
