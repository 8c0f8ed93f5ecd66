import { EARLY_CALLS_META } from '@arcadia/contracts';

const PROFILE_PAGE =
  /^\/profile\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\/[a-z]*)?\/?$/i;

/**
 * The early calls of a player's profile page for the web plugin (plugins/web.ts): its details (the
 * page's largest element is the player's name) and achievements, which the page's start-up script
 * asks for with the player's token while the app's scripts load (`@arcadia/contracts/early-calls`).
 * The app takes the answers when it asks for the same addresses; nothing happens signed out.
 */
export function profilePageHints(url: string): string[] {
  const id = PROFILE_PAGE.exec(url.split('?')[0] ?? '')?.[1];
  if (!id) return [];
  const calls = [`/api/user/${id}/details`, `/api/user/${id}/achievements`];
  return [`<meta name="${EARLY_CALLS_META}" content="${calls.join(' ')}">`];
}
