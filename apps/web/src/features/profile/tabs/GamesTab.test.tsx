import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MATCH_HISTORY_PAGE_SIZE } from '@arcadia/contracts';
import { callsTo, handlers, server } from '../../../testing/api';
import { atVenue, game, ME, NOVA, ownProfile, profile } from '../../../testing/factories';
import { renderProfile } from '../testing';

const G1 = 'aaaaaaaa-0000-4000-8000-000000000001';
const G2 = 'aaaaaaaa-0000-4000-8000-000000000002';
const teamGame = game({ id: G1, type: 'deathmatch', playedAt: atVenue(2025, 3, 14, 18, 30) });
const ffaGame = game({
  id: G2,
  type: 'freeforall',
  userHasWon: false,
  score: 300,
  kills: 2,
  deaths: 7,
  teamNames: [],
  map: { id: 'grid', name: 'Grid Runner', iconPath: '/assets/maps/grid-runner.svg' },
  playedAt: atVenue(2025, 3, 13, 21),
  players: game().players.map((p) => ({ ...p, teamId: null })),
});

beforeEach(() => {
  server.use(
    handlers.getProfile(
      {
        body: ownProfile({ matchHistory: [teamGame, ffaGame] }),
      },
      { id: ME },
    ),
  );
  server.use(handlers.getOwnFriends({ body: { friends: [] } }));
  server.use(handlers.getStatistics({ body: { data: { statistics: [] } } }));
});
afterEach(() => vi.unstubAllGlobals());

const cards = () => screen.getAllByRole('button', { expanded: false }).concat();
/** The texts of a table's body cells, row by row, from a given column. */
const column = (scope: HTMLElement, index: number) =>
  within(scope)
    .getAllByRole<HTMLTableRowElement>('row')
    .slice(1)
    .map((r) => r.cells[index]?.textContent);

describe('games tab', () => {
  it('shows a card per game: map icon, type, won or lost, score/kills/deaths, local date', async () => {
    await renderProfile(`/profile/${ME}/games`, ownProfile());
    const first = await screen.findByRole('button', { name: /Deathmatch/ });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(first).toHaveTextContent('Gewonnen');
    expect(first).toHaveTextContent('Karte: Neon Docks');
    expect(first).toHaveTextContent('14.03.2025, 18 Uhr');
    expect(first).toHaveTextContent(/1\.200\s*Punkte/);
    expect(first).toHaveTextContent(/9\s*Kills/);
    expect(first).toHaveTextContent(/3\s*Deaths/);
    expect(first.querySelector('img')).toHaveAttribute('src', '/assets/maps/neon-docks.svg');
    const second = screen.getByRole('button', { name: /Jeder gegen jeden/ });
    expect(second).toHaveTextContent('Verloren');
  });

  it('shows the rating change of each game (+97, −7), nothing for a game without rating', async () => {
    server.use(
      handlers.getProfile(
        {
          body: ownProfile({
            matchHistory: [
              { ...teamGame, rating: { before: 1000, after: 1097 } },
              { ...ffaGame, rating: { before: 1097, after: 1090 } },
            ],
          }),
        },
        { id: ME },
      ),
    );
    await renderProfile(`/profile/${ME}/games`, ownProfile());
    const first = await screen.findByRole('button', { name: /Deathmatch/ });
    expect(first).toHaveTextContent(/\+97\s*Spielstärke/);
    expect(within(first).getByTitle('Spielstärke 1000 → 1097')).toBeInTheDocument();
    const second = screen.getByRole('button', { name: /Jeder gegen jeden/ });
    expect(second).toHaveTextContent('\u22127');
  });

  it('no rating change on a card of a game stored before ratings', async () => {
    await renderProfile(`/profile/${ME}/games`, ownProfile());
    const first = await screen.findByRole('button', { name: /Deathmatch/ });
    expect(first).not.toHaveTextContent('Spielstärke');
  });

  it('a click expands the scoreboard by teams (deathmatch); a second click collapses it', async () => {
    const { user, store } = await renderProfile(`/profile/${ME}/games`, ownProfile());
    const card = await screen.findByRole('button', { name: /Deathmatch/ });
    await user.click(card);
    expect(card).toHaveAttribute('aria-expanded', 'true');
    expect(store.getState().profile?.expandedGameId).toBe(G1);
    const panel = document.getElementById(card.getAttribute('aria-controls')!)!;
    const red = within(panel).getByRole('region', { name: /Red Vipers/ });
    const blue = within(panel).getByRole('region', { name: /Blue Sharks/ });
    // Deathmatch: a team scores its players' kills.
    expect(red).toHaveTextContent('2700 Kills');
    expect(column(red, 1)).toEqual(['Blaze', 'Me']);
    expect(column(blue, 1)).toEqual(['NeonNova', 'Gast Pia (Gast)']);
    expect(within(red).getByRole('link', { name: 'Blaze' })).toHaveAttribute(
      'href',
      `/profile/${game().players[2]?.id}`,
    );
    // The game's own public page.
    expect(within(panel).getByRole('link', { name: 'Zur Spielseite' })).toHaveAttribute(
      'href',
      `/game/${G1}`,
    );
    await user.click(card);
    expect(card).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
  });

  it('works from the keyboard; freeforall ranks all players; one card open at a time', async () => {
    const { user } = await renderProfile(`/profile/${ME}/games`, ownProfile());
    const team = await screen.findByRole('button', { name: /Deathmatch/ });
    const ffa = screen.getByRole('button', { name: /Jeder gegen jeden/ });
    await user.click(team);
    ffa.focus();
    await user.keyboard('{Enter}');
    expect(ffa).toHaveAttribute('aria-expanded', 'true');
    expect(team).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(ffa.getAttribute('aria-controls')!)!;
    expect(within(panel).queryByRole('region')).not.toBeInTheDocument();
    expect(column(panel, 0).map((rank, i) => [rank, column(panel, 1)[i]])).toEqual([
      ['1', 'Blaze'],
      ['2', 'Me'],
      ['3', 'NeonNova'],
      ['4', 'Gast Pia (Gast)'],
    ]);
    await user.keyboard(' ');
    expect(ffa).toHaveAttribute('aria-expanded', 'false');
  });

  it('a player hidden by their visibility is "Verborgener Spieler" without a link (not a guest)', async () => {
    const hiddenGame = {
      ...ffaGame,
      players: ffaGame.players.map((p) =>
        p.name === 'NeonNova' ? { ...p, id: null, name: 'Spieler', hidden: true as const } : p,
      ),
    };
    server.use(
      handlers.getProfile({ body: ownProfile({ matchHistory: [hiddenGame] }) }, { id: ME }),
    );
    const { user } = await renderProfile(`/profile/${ME}/games`, ownProfile());
    const ffa = await screen.findByRole('button', { name: /Jeder gegen jeden/ });
    await user.click(ffa);
    const panel = document.getElementById(ffa.getAttribute('aria-controls')!)!;
    expect(column(panel, 1)).toEqual(['Blaze', 'Me', 'Verborgener Spieler', 'Gast Pia (Gast)']);
    expect(
      within(panel).queryByRole('link', { name: 'Verborgener Spieler' }),
    ).not.toBeInTheDocument();
  });

  it('names score, kills and deaths visibly on the card, not by icon alone', async () => {
    await renderProfile(`/profile/${ME}/games`, ownProfile());
    const first = await screen.findByRole('button', { name: /Deathmatch/ });
    for (const label of ['Punkte', 'Kills', 'Deaths']) {
      const shown = within(first).getByText(label);
      expect(shown).toBeVisible();
      expect(shown).not.toHaveClass('sr-only');
    }
  });

  it('the mode is named as in the games overview (the catalogue), in either language', async () => {
    const renamed = game({
      id: G1,
      type: 'elimination',
      modeName: { de: 'Eliminierung', en: 'Elimination' },
    });
    server.use(handlers.getProfile({ body: ownProfile({ matchHistory: [renamed] }) }, { id: ME }));
    const { unmount } = await renderProfile(`/profile/${ME}/games`, ownProfile());
    expect(await screen.findByRole('button', { name: /^Eliminierung/ })).toBeInTheDocument();
    unmount();
    await renderProfile(`/profile/${ME}/games`, ownProfile(), 'en');
    expect(await screen.findByRole('button', { name: /^Elimination/ })).toBeInTheDocument();
  });

  it('team scores say what they count: rounds won in elimination, kills in deathmatch', async () => {
    const elimination = game({
      id: G1,
      type: 'elimination',
      teamNames: [
        { id: 1, name: 'Team Alpha', score: 3 },
        { id: 2, name: 'Team Bravo', score: 1 },
      ],
    });
    server.use(
      handlers.getProfile({ body: ownProfile({ matchHistory: [elimination] }) }, { id: ME }),
    );
    const { user, unmount } = await renderProfile(`/profile/${ME}/games`, ownProfile());
    await user.click(await screen.findByRole('button', { name: /Eliminierung/ }));
    expect(screen.getByRole('region', { name: /Team Alpha/ })).toHaveTextContent(
      '3 Runden gewonnen',
    );
    expect(screen.getByRole('region', { name: /Team Bravo/ })).toHaveTextContent(
      '1 Runde gewonnen',
    );
    unmount();
    const english = await renderProfile(`/profile/${ME}/games`, ownProfile(), 'en');
    await english.user.click(await screen.findByRole('button', { name: /Elimination/ }));
    expect(screen.getByRole('region', { name: /Team Alpha/ })).toHaveTextContent('3 rounds won');
    // Beside the players' points: the column says what those are.
    expect(screen.getAllByRole('columnheader', { name: 'Score' }).length).toBeGreaterThan(0);
  });

  it('no games yet: an empty state (with a way to play on the own profile)', async () => {
    server.use(handlers.getProfile({ body: profile() }, { id: NOVA }));
    await renderProfile(`/profile/${NOVA}/games`, ownProfile());
    expect(await screen.findByText('Noch keine Spiele')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Jetzt spielen' })).not.toBeInTheDocument();
  });

  it('older games load page by page', async () => {
    const many = Array.from({ length: MATCH_HISTORY_PAGE_SIZE }, (_, i) =>
      game({ id: `aaaaaaaa-0000-4000-8000-${String(i).padStart(12, '0')}` }),
    );
    server.use(handlers.getProfile({ body: ownProfile({ matchHistory: many }) }, { id: ME }));
    server.use(
      handlers.getMatchHistoryPage(
        (call) => ({
          body: {
            games: [
              game({
                id: 'bbbbbbbb-0000-4000-8000-000000000001',
                type: 'freeforall',
                teamNames: [],
              }),
            ],
            page: Number(call.query.get('page')),
            pageSize: MATCH_HISTORY_PAGE_SIZE,
            hasMore: false,
          },
        }),
        { id: ME },
      ),
    );
    const { user } = await renderProfile(`/profile/${ME}/games`, ownProfile());
    await user.click(await screen.findByRole('button', { name: 'Ältere Spiele laden' }));
    expect(await screen.findByRole('button', { name: /Jeder gegen jeden/ })).toBeInTheDocument();
    expect(callsTo('GET', `/api/user/${ME}/games`)[0]?.query.get('page')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Ältere Spiele laden' })).not.toBeInTheDocument();
    expect(cards().length).toBe(MATCH_HISTORY_PAGE_SIZE + 1);
  });

  it('after older games load, the focus is on the first of them, not dropped to the page', async () => {
    const many = Array.from({ length: MATCH_HISTORY_PAGE_SIZE }, (_, i) =>
      game({ id: `aaaaaaaa-0000-4000-8000-${String(i).padStart(12, '0')}` }),
    );
    server.use(handlers.getProfile({ body: ownProfile({ matchHistory: many }) }, { id: ME }));
    const older = (n: number) =>
      game({
        id: `bbbbbbbb-0000-4000-8000-${String(n).padStart(12, '0')}`,
        type: 'freeforall',
        teamNames: [],
      });
    server.use(
      handlers.getMatchHistoryPage(
        (call) => {
          const page = Number(call.query.get('page'));
          return {
            body: {
              games: [older(page * 10), older(page * 10 + 1)],
              page,
              pageSize: MATCH_HISTORY_PAGE_SIZE,
              hasMore: page < 3,
            },
          };
        },
        { id: ME },
      ),
    );
    const { user } = await renderProfile(`/profile/${ME}/games`, ownProfile());
    // The button is replaced by a spinner while the page loads, and then by the games.
    await user.click(await screen.findByRole('button', { name: 'Ältere Spiele laden' }));
    const firstOfPage2 = (await screen.findAllByRole('button', { name: /Jeder gegen jeden/ }))[0];
    await vi.waitFor(() => expect(firstOfPage2).toHaveFocus());
    // The keyboard goes on from there: the next game of that page, then the button again.
    await user.keyboard('{Tab}');
    expect(screen.getAllByRole('button', { name: /Jeder gegen jeden/ })[1]).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Ältere Spiele laden' }));
    await vi.waitFor(() =>
      expect(screen.getAllByRole('button', { name: /Jeder gegen jeden/ })).toHaveLength(4),
    );
    await vi.waitFor(() =>
      expect(screen.getAllByRole('button', { name: /Jeder gegen jeden/ })[2]).toHaveFocus(),
    );
  });
});
