CREATE TABLE "staff_arcades" (
	"user_id" uuid NOT NULL,
	"arcade_id" text NOT NULL,
	CONSTRAINT "staff_arcades_user_id_arcade_id_pk" PRIMARY KEY("user_id","arcade_id")
);
--> statement-breakpoint
ALTER TABLE "staff_arcades" ADD CONSTRAINT "staff_arcades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_arcades" ADD CONSTRAINT "staff_arcades_arcade_id_arcades_id_fk" FOREIGN KEY ("arcade_id") REFERENCES "public"."arcades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_arcades_arcade_idx" ON "staff_arcades" USING btree ("arcade_id");