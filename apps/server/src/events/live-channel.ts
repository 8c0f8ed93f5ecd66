/**
 * The NOTIFY channel of the players' live channel (events/live-signal.ts). Its own module so the
 * database functions' placeholders (db/migration-tools/rules.ts) name the same channel without
 * loading the hints' schemas.
 */
export const LIVE_CHANNEL = 'arcadia_live';
