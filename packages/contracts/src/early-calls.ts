/**
 * Early calls (no zod): the API reads a page makes first with the player's token, started by the
 * page's start-up script (apps/web/build/first-paint.ts) as soon as the HTML is parsed, beside the
 * scripts, instead of once the app has run. The server names them per page in a meta tag
 * (apps/server/src/features/users/page-hints.ts); the app's API client takes their answers
 * (apps/web/src/lib/api/early-calls.ts) when it asks for the same address with the same token.
 */
export const EARLY_CALLS_META = 'arcadia-early-calls';

/**
 * Early calls start only with a token still valid for this long (seconds): one the app renews
 * before using it (in its last minute, apps/web/src/lib/auth/constants.ts) would go out with
 * another token, so its answer could not be taken.
 */
export const EARLY_CALLS_MIN_VALIDITY_SECONDS = 120;
