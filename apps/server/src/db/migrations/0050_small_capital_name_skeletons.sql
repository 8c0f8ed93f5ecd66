-- Small capitals now meet their letters in look-alike names ('ɴᴇᴏɴɴᴏᴠᴀ' meets 'NeonNova'). Names
-- with one are computed again by the skeleton backfill that runs with the migrations
-- (db/username-skeleton.ts), oldest first; the others keep theirs.
UPDATE "users" SET "user_name_skeleton" = NULL WHERE "user_name" ~ '[ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘꞯʀꜱᴛᴜᴠᴡʏᴢ]';
