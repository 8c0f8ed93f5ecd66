/** Business constants of spec §9, shared by web and server. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 12;
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_DEBOUNCE_MS = 1000;
export const SEARCH_RESULT_LIMIT = 20;
export const INSTAGRAM_MAX = 30;
export const MAIL_MAX = 254;
export const TOKEN_LEEWAY_SECONDS = 60;
export const HTTP_TIMEOUT_MS = 10_000;
export const MATCH_HISTORY_PAGE_SIZE = 20;
export const MATCH_HISTORY_PAGE_MAX = 100;
/**
 * The version of the terms (AGB) a player accepts. Raise it with a new text: every player who
 * accepted an older one is asked to accept the new one at their next visit.
 */
export const AGB_VERSION = 1;

/**
 * The version of the marketing-mail consent text a player confirms (double opt-in, recorded in
 * every consent event). Raise it with a new text.
 */
export const MARKETING_CONSENT_VERSION = 1;

/** How long a marketing confirmation link works, in hours. */
export const MARKETING_CONFIRMATION_HOURS = 24;

/** Ticking marketing mail in the settings sends a confirmation mail: at most this many per hour. */
export const MARKETING_MAIL_LIMIT = { max: 3, windowMinutes: 60 } as const;

/**
 * Friends a player may add in an hour (each added player gets a notification): enough for a
 * night at the arcade, not for adding every player of a board in a loop.
 */
export const FRIEND_ADD_LIMIT = { max: 30, windowMinutes: 60 } as const;

/**
 * Confirmation mails (the player's, or a parent's for a player under 16) one address receives,
 * whoever asks: the sender's limit alone let throw-away accounts that named someone else's
 * address mail it again and again. Beyond it no mail goes; the request stays pending.
 */
export const MARKETING_MAILS_PER_RECIPIENT = { max: 5, windowHours: 24 } as const;

/**
 * Below this age (by the birthday) marketing consent needs a parent's confirmation (DSGVO Art. 8
 * as Germany applies it: 16). docs/privacy.md, "Minors".
 */
export const MARKETING_MIN_AGE = 16;

/** How long the parent's confirmation link works, in hours. */
export const PARENT_CONFIRMATION_HOURS = 72;

/** The access scopes the client requests and the API checks (spec §6). */
export const API_SCOPES = ['read:arcade', 'read:users', 'read:games', 'read:visits'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/**
 * Text of one line: no control characters (line breaks, tabs, NUL) and no line separators. A
 * player's or device's text that could start a line of a backup's SQL could be one PGlite's
 * pg_dump drops (docs/backups.md), and a name shows on one line everywhere.
 */
export const SINGLE_LINE = /^[^\p{Cc}\p{Zl}\p{Zp}]*$/u;

/**
 * A name others see (a guest's, a team's, an arcade's, a device's): no bidirectional controls
 * (U+202E would show 'knatKemiDeliA' as 'AliceDimeKtank', a registered player's look-alike) and
 * something visible, not only spaces, invisible code points (zero-width space, fillers), the
 * blank Braille pattern U+2800 or marks with no letter to sit on. Emoji sequences joined by
 * U+200D stay allowed.
 */
export const VISIBLE_NAME =
  /^(?![^]*[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069])(?=[^]*[^\s\p{Default_Ignorable_Code_Point}\p{M}\u2800])/u;

/** Text shown on one line, without bidirectional controls (an arcade's city and address). */
export const PLAIN_LINE = /^[^\p{Cc}\p{Zl}\p{Zp}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$/u;

/**
 * The arcades' time zone: a game's time is told in it on every page (its match page, share image,
 * game cards, claims), and the console's days are its calendar days.
 */
export const VENUE_TIME_ZONE = 'Europe/Berlin';
