ALTER TABLE "news" ALTER COLUMN "published_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "news_translations" ADD COLUMN "markdown" text;--> statement-breakpoint
-- Hand-written: articles published before this migration were announced when they were stored
-- (publishNews enqueued their push), so they must not be announced again.
UPDATE "news" SET "notified_at" = "published_at";
