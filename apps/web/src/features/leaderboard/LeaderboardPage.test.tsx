import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Leaderboard } from '@arcadia/contracts';
import { callsTo, handlers, server } from '../../testing/api';
import {
  BLAZE,
  game,
  ME,
  NOVA,
  ownProfile,
  PIXEL,
  leaderboardEntry as entry,
} from '../../testing/factories';
import type { AppStore } from '../../lib/store/store';
import { renderApp } from '../../testing/render-app';
import { signedInStore, signedOutStore } from '../../testing/store';
import { Component as LeaderboardPage } from './LeaderboardPage';

function board(query: URLSearchParams, overrides: Partial<Leaderboard> = {}): Leaderboard {
  const page = Number(query.get('page') ?? 1);
  return {
    applicationId: 'commando',
    metric: (query.get('metric') ?? 'score') as Leaderboard['metric'],
    period: (query.get('period') ?? 'all') as Leaderboard['period'],
    scope: (query.get('scope') ?? 'global') as Leaderboard['scope'],
    arcade: query.get('arcade'),
    periodStart: null,
    entries:
      page === 1
        ? [
            entry(1, NOVA, 'NeonNova', 9000),
            entry(2, BLAZE, 'Blaze', 8000),
            entry(2, PIXEL, 'Pixel', 8000),
          ]
        : [entry(21, ME, 'Me', 100)],
    me: entry(21, ME, 'Me', 100),
    page,
    pageSize: 20,
    total: 42,
    totalPages: 3,
    ...overrides,
  };
}

const path = '/api/leaderboards/commando';
const lastQuery = () => callsTo('GET', path).at(-1)?.query.toString();

beforeEach(() => {
  server.use(handlers.getLeaderboard(({ query }) => ({ body: board(query) })));
});
afterEach(() => vi.unstubAllGlobals());

async function renderBoard(
  store: AppStore | Promise<AppStore>,
  url = '/leaderboard',
  lang: 'de' | 'en' = 'de',
) {
  return renderApp(
    [
      { path: '/leaderboard', Component: LeaderboardPage },
      { path: '/leaderboard/commando', Component: LeaderboardPage },
      { path: '/login', element: <p>login page</p> },
    ],
    { path: url, store: await store, lang },
  );
}

const anonymous = signedOutStore;
const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole<HTMLTableRowElement>('row')
    .slice(1)
    .map((r) => [...r.cells].map((c) => c.textContent));

describe('leaderboard page', () => {
  it('shows the board by score for everyone, all time; ties share a rank', async () => {
    await renderBoard(anonymous());
    expect(
      await screen.findByRole('table', { name: 'Rangliste nach Punkten, Gesamt' }),
    ).toBeInTheDocument();
    expect(lastQuery()).toBe('metric=score&period=all&scope=global&page=1');
    // Rank, player, points, games and (from 1024 px) points per game.
    expect(rows()).toEqual([
      ['1', 'NeonNova', '9.000', '11', '818'],
      ['2', 'Blaze', '8.000', '12', '667'],
      ['2', 'Pixel', '8.000', '12', '667'],
    ]);
    expect(screen.getByRole('link', { name: 'NeonNova' })).toHaveAttribute(
      'href',
      `/profile/${NOVA}`,
    );
    // Anonymous: no own rank.
    expect(screen.queryByRole('region', { name: 'Dein Platz' })).not.toBeInTheDocument();
  });

  it('metric, period and scope controls ask for that board and start at page 1', async () => {
    const { user, router } = await renderBoard(signedInStore(), '/leaderboard/commando?page=2');
    await screen.findByRole('table');
    await user.click(screen.getByRole('radio', { name: 'K/D' }));
    await waitFor(() => expect(lastQuery()).toBe('metric=kd&period=all&scope=global&page=1'));
    await user.click(screen.getByRole('radio', { name: 'Diese Woche' }));
    await waitFor(() => expect(lastQuery()).toBe('metric=kd&period=week&scope=global&page=1'));
    await user.click(screen.getByRole('radio', { name: 'Freunde' }));
    await waitFor(() => expect(lastQuery()).toBe('metric=kd&period=week&scope=friends&page=1'));
    expect(router.state.location.search).toBe('?metric=kd&period=week&scope=friends');
    // K/D values with 2 decimals.
    await waitFor(() => expect(rows()[0]?.[2]).toBe('9.000,00'));
  });

  it('the rating board: per mode, all time, no arcade scope; provisional ratings marked', async () => {
    server.use(
      handlers.getLeaderboard(({ query }) => ({
        body: board(query, {
          entries: [
            { ...entry(1, NOVA, 'NeonNova', 1250), provisional: false },
            { ...entry(2, BLAZE, 'Blaze', 1097), provisional: true },
          ],
          me: { ...entry(2, BLAZE, 'Blaze', 1097), provisional: true },
        }),
      })),
    );
    const { user, router } = await renderBoard(signedInStore(), '/leaderboard?period=week');
    await screen.findByRole('table');
    await user.click(screen.getByRole('radio', { name: 'Stärke' }));
    await waitFor(() =>
      expect(lastQuery()).toBe('metric=rating&period=all&scope=global&page=1&mode=elimination'),
    );
    // The period stays in the address for the way back to the other boards; no mode chosen yet.
    expect(router.state.location.search).toBe('?metric=rating&period=week');
    expect(screen.queryByRole('radio', { name: 'Diese Woche' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Eine Arcade' })).not.toBeInTheDocument();
    // The note says why the period and the arcade are gone.
    expect(screen.getByText(/über alle Zeit und alle Arcaden/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Jeder gegen jeden' }));
    await waitFor(() =>
      expect(lastQuery()).toBe('metric=rating&period=all&scope=global&page=1&mode=freeforall'),
    );
    expect(
      await screen.findByRole('table', { name: 'Rangliste nach Spielstärke, Jeder gegen jeden' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(rows()[1]?.[2]).toBe('1.097 Vorläufig'));
    expect(rows()[0]?.[2]).toBe('1.250');
    expect(screen.getByText(/vorläufig bis 10 Spiele\./)).toBeInTheDocument();
  });

  it('the rating board opens on the mode the player played most lately, until one is chosen', async () => {
    server.use(handlers.getLeaderboard(({ query }) => ({ body: board(query, {}) })));
    const matchHistory = [game({ type: 'freeforall' }), game({ type: 'freeforall' }), game()];
    const { user, router } = await renderBoard(
      signedInStore(ownProfile({ matchHistory })),
      '/leaderboard',
    );
    await user.click(await screen.findByRole('radio', { name: 'Stärke' }));
    await waitFor(() =>
      expect(lastQuery()).toBe('metric=rating&period=all&scope=global&page=1&mode=freeforall'),
    );
    expect(screen.getByRole('radio', { name: 'Jeder gegen jeden' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Eliminierung' }));
    await waitFor(() =>
      expect(lastQuery()).toBe('metric=rating&period=all&scope=global&page=1&mode=elimination'),
    );
    expect(router.state.location.search).toBe('?metric=rating&mode=elimination');
  });

  it('names each board in German with the right case; wins add the win rate', async () => {
    server.use(
      handlers.getLeaderboard(({ query }) => ({
        body: board(query, { entries: [entry(1, NOVA, 'NeonNova', 6)] }),
      })),
    );
    await renderBoard(anonymous(), '/leaderboard?metric=wins&period=week');
    const table = await screen.findByRole('table', {
      name: 'Rangliste nach Siegen, Diese Woche',
    });
    expect(within(table).getByRole('columnheader', { name: 'Siegquote' })).toBeInTheDocument();
    // 6 wins in 11 games
    expect(rows()[0]?.[4]?.replace(/\s/g, ' ')).toBe('55 %');
  });

  it('K/D: a player off the board is told the minimum of games, not to play a round', async () => {
    server.use(handlers.getLeaderboard(({ query }) => ({ body: board(query, { me: null }) })));
    await renderBoard(signedInStore(), '/leaderboard?metric=kd');
    const own = await screen.findByRole('region', { name: 'Dein Platz' });
    expect(own).toHaveTextContent(
      'Für die K/D-Wertung brauchst du mindestens 3 Spiele in diesem Zeitraum.',
    );
    expect(own).not.toHaveTextContent('spiel eine Runde');
    expect(screen.getByText(/K\/D zählt ab 3 Spielen\./)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Rangliste nach K/D, Gesamt' })).toBeInTheDocument();
  });

  it('a player hidden from leaderboards sees their place and why nobody else does', async () => {
    server.use(
      handlers.getLeaderboard(({ query }) => ({
        body: board(query, { me: { ...entry(21, ME, 'Me', 100), hidden: true } }),
      })),
    );
    await renderBoard(signedInStore());
    const own = await screen.findByRole('region', { name: 'Dein Platz' });
    expect(own).toHaveTextContent(
      'Du bist in den Ranglisten ausgeblendet: Nur du siehst deinen Platz.',
    );
    expect(own).toHaveTextContent('21');
  });

  it('friends, signed out: the prompt without the count of the board seen before', async () => {
    const { user } = await renderBoard(anonymous());
    await screen.findByRole('table');
    expect(screen.getByText('42 Spieler')).toBeInTheDocument();
    // The count is a live region that stays: a filter's new result is read out.
    const summary = screen.getByTestId('board-summary');
    expect(summary).toHaveAttribute('aria-live', 'polite');
    expect(summary).toHaveTextContent('42 Spieler');
    await user.click(screen.getByRole('radio', { name: 'Freunde' }));
    expect(
      await screen.findByText('Melde dich an, um dich mit deinen Freunden zu messen.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/42 Spieler/)).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('counts players in English with the right plural', async () => {
    server.use(
      handlers.getLeaderboard(({ query }) => ({ body: board(query, { total: 1, totalPages: 1 }) })),
    );
    await renderBoard(anonymous(), '/leaderboard', 'en');
    expect(await screen.findByText('1 player')).toBeInTheDocument();
  });

  it('pages through the board', async () => {
    const { user } = await renderBoard(anonymous());
    await screen.findByRole('table');
    expect(screen.getByText('Seite 1 von 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zurück' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await waitFor(() => expect(screen.getByText('Seite 2 von 3')).toBeInTheDocument());
    expect(lastQuery()).toContain('page=2');
  });

  it('paging to the last page with the keyboard keeps the focus on the pager', async () => {
    const { user } = await renderBoard(anonymous());
    await screen.findByRole('table');
    screen.getByRole('button', { name: 'Weiter' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByText('Seite 2 von 3')).toBeInTheDocument());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByText('Seite 3 von 3')).toBeInTheDocument());
    // The last page: 'Weiter' says it is unavailable but is not disabled, which drops the focus.
    const next = screen.getByRole('button', { name: 'Weiter' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).toBeEnabled();
    expect(next).toHaveFocus();
    await user.keyboard('{Enter}'); // nothing beyond the last page
    expect(lastQuery()).toContain('page=3');
    expect(screen.getByText('Seite 3 von 3')).toBeInTheDocument();
  });

  it("shows the signed-in player's own rank even when it is off the page", async () => {
    await renderBoard(signedInStore());
    const own = await screen.findByRole('region', { name: 'Dein Platz' });
    expect(own).toHaveTextContent('21');
    expect(own).toHaveTextContent('Me');
    expect(own).toHaveTextContent('Du bist nicht auf dieser Seite.');
  });

  it('marks the own row when it is on the page', async () => {
    await renderBoard(signedInStore(), '/leaderboard?page=2');
    await screen.findByRole('table');
    const mine = screen.getAllByRole('row').find((r) => r.getAttribute('aria-current') === 'true');
    expect(mine).toHaveTextContent('Me');
    expect(screen.getByRole('region', { name: 'Dein Platz' })).not.toHaveTextContent(
      'nicht auf dieser Seite',
    );
  });

  it('a good empty state when nobody is on the board', async () => {
    server.use(
      handlers.getLeaderboard((call) => ({
        body: board(call.query, { entries: [], me: null, total: 0, totalPages: 0 }),
      })),
    );
    await renderBoard(signedInStore());
    expect(await screen.findByText('Noch keine Einträge')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jetzt spielen' })).toHaveAttribute('href', '/play');
    expect(screen.getByRole('region', { name: 'Dein Platz' })).toHaveTextContent(
      'Du bist hier noch nicht gelistet',
    );
  });

  it('friends need a sign-in: a prompt instead of a call', async () => {
    await renderBoard(anonymous(), '/leaderboard?scope=friends');
    expect(
      await screen.findByText('Melde dich an, um dich mit deinen Freunden zu messen.'),
    ).toBeInTheDocument();
    expect(callsTo('GET', path)).toHaveLength(0);
  });

  it('one arcade: the arcades the player has played at, the first one chosen', async () => {
    const own = ownProfile({
      matchHistory: [
        game({ arcade: 'berlin' }),
        game({ id: 'aaaaaaaa-0000-4000-8000-000000000009', arcade: 'hamburg' }),
      ],
    });
    const { user } = await renderBoard(signedInStore(own), '/leaderboard?scope=arcade');
    await screen.findByRole('table');
    expect(lastQuery()).toBe('metric=score&period=all&scope=arcade&page=1&arcade=berlin');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Arcade' }), 'hamburg');
    await waitFor(() => expect(lastQuery()).toContain('arcade=hamburg'));
  });

  it('one arcade without any played: says so', async () => {
    await renderBoard(signedInStore(), '/leaderboard?scope=arcade');
    expect(await screen.findByText('Du hast noch in keiner Arcade gespielt.')).toBeInTheDocument();
  });

  it('a failure offers a retry', async () => {
    let fail = true;
    server.use(
      handlers.getLeaderboard(({ query }) =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'x' } } }
          : { body: board(query) },
      ),
    );
    const { user } = await renderBoard(anonymous());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Rangliste konnte nicht geladen werden.',
    );
    fail = false;
    await act(() => user.click(screen.getByRole('button', { name: 'Erneut versuchen' })));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});
