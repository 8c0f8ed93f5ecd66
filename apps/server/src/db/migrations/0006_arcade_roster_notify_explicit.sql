-- Roster notifications move from a trigger on devices to the play calls themselves: a NOTIFY
-- makes every committing transaction that sent one queue on a global lock, and storing a game
-- (which ends the match on its device) needs to notify nobody; its own device reads the roster
-- afresh. features/devices/repository.ts (notifyRoster) sends them now.
DROP TRIGGER IF EXISTS devices_roster_notify ON devices;
--> statement-breakpoint
DROP FUNCTION IF EXISTS arcadia_device_roster_notify();
