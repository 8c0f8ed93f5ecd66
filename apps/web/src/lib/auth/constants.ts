/** Session constants of spec §4 and §9. */
export const CALLBACK_PATH = '/login/callback';
/** Cached tokens count as expired this many seconds early. */
export const TOKEN_EXPIRY_MARGIN_SECONDS = 60;
/** Token, discovery and silent-renewal requests give up after this long. */
export const AUTH_HTTP_TIMEOUT_SECONDS = 10;
/** Where a popup is used: 400x600, closed after 60 s. */
export const POPUP_WIDTH = 400;
export const POPUP_HEIGHT = 600;
export const POPUP_TIMEOUT_SECONDS = 60;
/** Startup: the stored user lookup, then the own profile lookup. */
export const STARTUP_USER_TIMEOUT_MS = 1000;
export const STARTUP_PROFILE_TIMEOUT_MS = 5000;
/** Silent renewal holds a lock (across tabs) this long at most, so one refresh token is used once. */
export const SILENT_RENEW_LOCK_MS = 5000;
