ALTER TABLE "visits" ALTER COLUMN "met_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
CREATE INDEX "visits_arcade_idx" ON "visits" USING btree ("arcade_id","visited_at");