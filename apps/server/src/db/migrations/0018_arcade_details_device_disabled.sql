ALTER TABLE "arcades" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "arcades" ADD COLUMN "opening_hours" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "arcades" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "disabled_at" timestamp with time zone;