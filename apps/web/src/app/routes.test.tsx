import { screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeStore } from './store';
import { routes } from './routes';
import { noSession } from '../features/auth';
import { renderRoutes } from '../lib/testing/render';
import { installFakeApi } from '../lib/testing/fake-api';

/** Every route of spec §2 (with example parameters). */
const specPaths = [
  '/home',
  '/news/die-arcadia-app-ist-da',
  '/login',
  '/login/callback',
  '/login/registration',
  '/login/link',
  '/play',
  '/profile/0b1f',
  '/profile/0b1f/statistics',
  '/profile/0b1f/games',
  '/profile/0b1f/friends',
  '/visit',
  '/leaderboard',
  '/leaderboard/commando',
  '/games',
  '/games/overview/commando',
  '/settings',
  '/u/0b1f',
];

let restore: () => void = () => undefined;
afterEach(() => restore());

describe('routes', () => {
  it.each(specPaths)('%s is a route of its own (not the not-found page)', (path) => {
    const matches = matchRoutes(routes, path) ?? [];
    expect(matches.at(-1)?.route.path).not.toBe('*');
  });

  it("'' goes to /home", async () => {
    restore = installFakeApi(() => ({ status: 200, body: { total: 0, items: [] } })).restore;
    const store = makeStore();
    store.dispatch(noSession());
    const { router } = await renderRoutes(routes, { path: '/', store });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await screen.findByRole('heading', { name: 'Neues aus der Arena' })).toBeVisible();
  });

  it('an unknown path shows the not-found page inside the shell', async () => {
    const store = makeStore();
    store.dispatch(noSession());
    await renderRoutes(routes, { path: '/gibts/nicht', store });
    expect(await screen.findByRole('heading', { name: 'Game Over' })).toBeVisible();
    expect(screen.getByText(/Die Seite \/gibts\/nicht gibt es nicht/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Menü' })).toBeVisible();
  });
});
