-- The confusable skeleton of every user name (issue 11: look-alike names), unique. It comes from
-- the Unicode confusables table of a JS library, which SQL cannot run: the existing rows are
-- filled right after the migrations by backfillUsernameSkeletons (db/username-skeleton.ts, run by
-- Database.migrate), and the application writes it with every name.
ALTER TABLE "users" ADD COLUMN "user_name_skeleton" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_name_skeleton_idx" ON "users" USING btree ("user_name_skeleton");