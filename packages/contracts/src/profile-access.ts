/**
 * Who may see a profile, without zod: the profile page tells a hidden profile apart from a missing
 * one without loading the schemas (`@arcadia/contracts/profile-access`; users.ts re-exports it).
 */

/**
 * Who sees a player's profile, games and statistics (docs/privacy.md "Visibility"): everyone,
 * only the players on the player's own friend list, or only the player.
 */
export const PROFILE_VISIBILITIES = ['everyone', 'friends', 'private'] as const;

/**
 * 403 codes of a profile (and its games, statistics, trends) the viewer may not see: the web shows
 * "Dieses Profil ist privat" / "Nur für Freunde sichtbar" rather than "not found".
 */
export const PROFILE_PRIVATE = 'profile_private';
export const PROFILE_FRIENDS_ONLY = 'profile_friends_only';

/** A player's id as the API takes it (a UUID, any case); anything else is no player at all. */
export const PROFILE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
