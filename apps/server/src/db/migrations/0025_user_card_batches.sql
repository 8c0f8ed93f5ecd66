CREATE TABLE "user_card_batch_cards" (
	"batch_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "user_card_batch_cards_batch_id_position_pk" PRIMARY KEY("batch_id","position"),
	CONSTRAINT "user_card_batch_cards_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "user_card_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"arcade_id" text NOT NULL,
	"label" text,
	"size" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"printed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user_card_batch_cards" ADD CONSTRAINT "user_card_batch_cards_batch_id_user_card_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."user_card_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_card_batch_cards" ADD CONSTRAINT "user_card_batch_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_card_batches" ADD CONSTRAINT "user_card_batches_arcade_id_arcades_id_fk" FOREIGN KEY ("arcade_id") REFERENCES "public"."arcades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_card_batches" ADD CONSTRAINT "user_card_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_card_batches_arcade_idx" ON "user_card_batches" USING btree ("arcade_id","created_at","id");