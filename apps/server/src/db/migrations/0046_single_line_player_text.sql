-- Text players and devices send is one line from now on (SINGLE_LINE in packages/contracts): a
-- line break let a value start a line of the backup's SQL, and PGlite's pg_dump drops a line
-- that reads \restrict, so the backup refused to run. Rows stored before keep their text with
-- each run of control characters or line separators turned into one space.
UPDATE "users" SET "instagram" = regexp_replace("instagram", '[[:cntrl:]' || chr(8232) || chr(8233) || ']+', ' ', 'g')
  WHERE "instagram" ~ ('[[:cntrl:]' || chr(8232) || chr(8233) || ']');--> statement-breakpoint
UPDATE "game_players" SET "name" = regexp_replace("name", '[[:cntrl:]' || chr(8232) || chr(8233) || ']+', ' ', 'g')
  WHERE "name" ~ ('[[:cntrl:]' || chr(8232) || chr(8233) || ']');--> statement-breakpoint
UPDATE "game_teams" SET "name" = regexp_replace("name", '[[:cntrl:]' || chr(8232) || chr(8233) || ']+', ' ', 'g')
  WHERE "name" ~ ('[[:cntrl:]' || chr(8232) || chr(8233) || ']');
