/**
 * The players' live channel in the database: a write that a signed-in player should see at once
 * (a join, a match start, a stored game, a new notification) sends a hint on this NOTIFY channel
 * in its transaction (events/live-signal.ts; a stored game's in arcadia_ingest_game), so it
 * arrives when (and only if) it commits, in every server process. Each process listens once
 * (features/live/hub.ts) and turns the hint into events for the streams of that player
 * (GET /api/live), reading what the player should see fresh from the database. Its own module so
 * the database functions' placeholders (db/migration-tools/rules.ts) name the same channel
 * without loading the hints' schemas.
 */
export const LIVE_CHANNEL = 'arcadia_live';
