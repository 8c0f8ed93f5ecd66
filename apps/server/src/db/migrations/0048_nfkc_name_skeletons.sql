-- Look-alike names are now compared after compatibility normalization (NFKD, UTS #39 assumes
-- it): fullwidth and superscript digits meet their plain forms ('ａｌｉｃｅ２' meets 'alice2').
-- Names of plain ASCII keep their skeleton; the others are computed again by the skeleton
-- backfill that runs with the migrations (db/username-skeleton.ts), oldest first.
UPDATE "users" SET "user_name_skeleton" = NULL WHERE "user_name" !~ '^[ -~]*$';
