const BOARD_PAGE = /^\/leaderboard(\/commando)?\/?$/;

/**
 * The preloads of the leaderboard page for the web plugin (plugins/web.ts): the arcades list its
 * filters read, in the form the page's API client asks for it. Not the board itself: its answer
 * depends on who asks (the own rank), the caller's token is in the app's storage, not a cookie,
 * and Chromium handed the anonymous preload to the signed-in page's request (the play journey
 * then saw no own rank).
 */
export function leaderboardPageHints(url: string): string[] {
  const [path = '', query = ''] = url.split('?');
  if (!BOARD_PAGE.test(path) || query !== '') return [];
  return ['<link rel="preload" as="fetch" crossorigin href="/api/arcades">'];
}
