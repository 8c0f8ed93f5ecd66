CREATE TABLE "applications" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description_de" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"icon_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_modes" (
	"application_id" text NOT NULL,
	"id" text NOT NULL,
	"name_de" text NOT NULL,
	"name_en" text NOT NULL,
	"description_de" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"icon_path" text,
	"position" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "game_modes_application_id_id_pk" PRIMARY KEY("application_id","id")
);
--> statement-breakpoint
ALTER TABLE "maps" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
-- The built-in catalogue (hand-written): commando and its three modes, as the games overview explained them before the catalogue moved into the database. A venue starting with SEED_DEMO=false has them without touching SQL; the operator console changes them.
INSERT INTO "applications" ("id", "name", "description_de", "description_en") VALUES ('commando', 'Commando', 'Commando ist das Lasertag-Spiel der Arcadia-Arenen: bis zu acht Spieler pro Gerät, Runden von fünf bis fünfzehn Minuten, drei Spielmodi und wechselnde Karten.', 'Commando is the laser-tag game of the Arcadia arenas: up to eight players per device, rounds of five to fifteen minutes, three modes and changing maps.') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "game_modes" ("application_id", "id", "name_de", "name_en", "description_de", "description_en", "position") VALUES
  ('commando', 'freeforall', 'Jeder gegen jeden', 'Free for all', 'Jeder spielt für sich. Treffer bringen Punkte, Treffer einstecken kostet welche. Wer am Ende die meisten Punkte hat, gewinnt – bei Gleichstand gewinnen alle Punktgleichen.', 'Everyone plays for themselves. Hits earn points, being hit costs some. Whoever has the most points at the end wins – on a tie, everyone on top wins.', 0),
  ('commando', 'elimination', 'Eliminierung', 'Elimination', 'Zwei Teams, kein Respawn: Wer getroffen wird, scheidet bis zur nächsten Runde aus. Ein Team gewinnt eine Runde, wenn das andere keine Spieler mehr hat; das Team mit den meisten Rundensiegen gewinnt das Spiel.', 'Two teams, no respawns: whoever is hit is out until the next round. A team wins a round when the other has nobody left; the team with the most rounds won wins the game.', 1),
  ('commando', 'deathmatch', 'Team-Deathmatch', 'Team deathmatch', 'Zwei Teams, unbegrenzte Respawns: Jeder Treffer zählt für dein Team. Das Team mit den meisten Treffern nach Ablauf der Zeit gewinnt.', 'Two teams, unlimited respawns: every hit counts for your team. The team with the most hits when time runs out wins.', 2)
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Maps stored before the catalogue name only commando (the server refused other games); any other application id still found gets a bare entry, so the foreign key below holds.
INSERT INTO "applications" ("id", "name") SELECT DISTINCT "application_id", "application_id" FROM "maps" ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "game_modes" ADD CONSTRAINT "game_modes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maps" ADD CONSTRAINT "maps_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;