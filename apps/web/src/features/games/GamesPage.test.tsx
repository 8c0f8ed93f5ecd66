import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GamesOverview } from '@arcadia/contracts';
import { handlers, server } from '../../testing/api';
import { gamesOverview as overview } from '../../testing/factories';

import type { AppStore } from '../../lib/store/store';
import { renderApp } from '../../testing/render-app';
import { signedInStore, signedOutStore } from '../../testing/store';
import { Component as GamesPage } from './GamesPage';

const best: GamesOverview['best'] = [
  {
    type: 'freeforall',
    gamesPlayed: 4,
    gamesWon: 1,
    bestScore: 2100,
    mostKills: 14,
    kd: 1.5,
    bestGameId: null,
    bestPlayedAt: '2025-03-14T17:30:00.000Z',
  },
  {
    type: 'elimination',
    gamesPlayed: 0,
    gamesWon: 0,
    bestScore: 0,
    mostKills: 0,
    kd: 0,
    bestGameId: null,
    bestPlayedAt: null,
  },
  {
    type: 'deathmatch',
    gamesPlayed: 2,
    gamesWon: 2,
    bestScore: 900,
    mostKills: 6,
    kd: 3,
    bestGameId: null,
    bestPlayedAt: null,
  },
];

afterEach(() => vi.unstubAllGlobals());

const anonymous = signedOutStore;

async function renderGames(
  store: AppStore | Promise<AppStore>,
  lang: 'de' | 'en' = 'de',
  path = '/games/overview/commando',
) {
  return renderApp(
    [
      { path: '/games', Component: GamesPage },
      { path: '/games/overview/commando', Component: GamesPage },
    ],
    { path, store: await store, lang },
  );
}

describe('games overview', () => {
  it('shows the game, its three modes explained and its maps with icons', async () => {
    server.use(handlers.getGamesOverview({ body: overview(null) }));
    await renderGames(anonymous(), 'de', '/games');
    expect(await screen.findByRole('heading', { level: 1, name: 'Commando' })).toBeInTheDocument();
    expect(screen.getByText('Laser-Tag in der Arena.')).toBeInTheDocument();
    const modes = screen.getByRole('region', { name: 'Spielmodi' });
    expect(
      within(modes)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Jeder gegen jeden', 'Eliminierung', 'Team-Deathmatch']);
    expect(modes).toHaveTextContent('Eliminierung: Beschreibung');
    expect(within(modes).getAllByText('Teams')).toHaveLength(2);
    expect(within(modes).getByText('Jeder für sich')).toBeInTheDocument();
    const maps = screen.getByRole('region', { name: 'Karten' });
    expect(within(maps).getByText('Neon Docks')).toBeInTheDocument();
    expect(maps.querySelectorAll('img')[1]).toHaveAttribute('src', '/assets/maps/grid-runner.svg');
  });

  it('anonymous: a prompt to sign in for the own bests', async () => {
    server.use(handlers.getGamesOverview({ body: overview(null) }));
    await renderGames(anonymous());
    const section = await screen.findByRole('region', { name: 'Deine Bestwerte' });
    expect(section).toHaveTextContent('Melde dich an, um deine Bestwerte pro Modus zu sehen.');
    expect(within(section).getByRole('link', { name: 'Anmelden' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('signed in: the best results per mode (K/D with 2 decimals)', async () => {
    server.use(handlers.getGamesOverview({ body: overview(best) }));
    await renderGames(signedInStore(), 'en');
    const section = await screen.findByRole('region', { name: 'Your best results' });
    const cards = within(section).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Free for all');
    expect(cards[0]).toHaveTextContent('Best score2,100');
    expect(cards[0]).toHaveTextContent('K/D1.50');
    expect(cards[0]).toHaveTextContent('Most kills14');
    expect(cards[1]).toHaveTextContent('No games in this mode yet.');
    expect(cards[2]).toHaveTextContent('K/D3.00');
  });

  it('a failure offers a retry', async () => {
    server.use(
      handlers.getGamesOverview({
        status: 500,
        body: { error: { code: 'internal', message: 'x' } },
      }),
    );
    await renderGames(anonymous());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Spielübersicht konnte nicht geladen werden.',
    );
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
  });
});
