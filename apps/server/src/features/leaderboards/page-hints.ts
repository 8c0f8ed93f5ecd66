/** The board `/leaderboard` opens with (apps/web/src/features/leaderboard/filters.ts defaults). */
const FIRST_BOARD = '/api/leaderboards/commando?metric=score&period=all&scope=global&page=1';
const BOARD_PAGE = /^\/leaderboard(\/commando)?\/?$/;

/**
 * The preloads of the leaderboard page for the web plugin (plugins/web.ts): the board it opens with
 * (no filter in the address) and the arcades list its filters read, in the order and form the
 * page's API client asks for them. They are public: an anonymous visitor's calls match these
 * preloads; a signed-in player's calls carry a token, and the browser fetches them again.
 */
export function leaderboardPageHints(url: string): string[] {
  const [path = '', query = ''] = url.split('?');
  if (!BOARD_PAGE.test(path) || query !== '') return [];
  return [FIRST_BOARD, '/api/arcades'].map(
    (href) => `<link rel="preload" as="fetch" crossorigin href="${href.replace(/&/g, '&amp;')}">`,
  );
}
