import { screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';
import { handlers, server } from '../testing/api';
import { renderApp } from '../testing/render-app';
import { signedOutStore } from '../testing/store';

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

describe('routes', () => {
  it.each(specPaths)('%s is a route of its own (not the not-found page)', (path) => {
    const matches = matchRoutes(routes, path) ?? [];
    expect(matches.at(-1)?.route.path).not.toBe('*');
  });

  it("'' goes to /home", async () => {
    server.use(handlers.getNews({ body: { total: 0, items: [] } }));
    const { router } = await renderApp(routes, { path: '/', store: signedOutStore() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await screen.findByRole('heading', { name: 'Neues aus der Arena' })).toBeVisible();
  });

  it('names the page in the document title, in the app language', async () => {
    server.use(handlers.getNews({ body: { total: 0, items: [] } }));
    const { router } = await renderApp(routes, { path: '/home', store: signedOutStore() });
    await waitFor(() => expect(document.title).toBe('Start · Arcadia'));
    await router.navigate('/gibts/nicht');
    await waitFor(() => expect(document.title).toBe('Game Over · Arcadia'));
  });

  it('an unknown path shows the not-found page inside the shell', async () => {
    await renderApp(routes, { path: '/gibts/nicht', store: signedOutStore() });
    expect(await screen.findByRole('heading', { name: 'Game Over' })).toBeVisible();
    expect(screen.getByText(/Die Seite \/gibts\/nicht gibt es nicht/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Menü' })).toBeVisible();
  });
});
