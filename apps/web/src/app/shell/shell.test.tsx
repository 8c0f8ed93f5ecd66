import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppShell } from './AppShell';
import { selectSearchBarExpanded, selectSidebarExpanded } from '../../features/layout';
import { neo } from '../../testing/factories';
import { renderApp } from '../../testing/render-app';
import { signedInStore, signedOutStore } from '../../testing/store';

const me = neo({ earlyAdopter: true });

const page = (name: string) => ({ element: <h1>{name}</h1> });
const routes = [
  {
    Component: AppShell,
    children: [
      { path: '/home', ...page('Startseite') },
      { path: '/leaderboard', ...page('Rangliste-Seite') },
      { path: '/games/overview/commando', ...page('Spiele-Seite') },
      { path: '/settings', ...page('Settings-Seite') },
      { path: '/login', ...page('Login-Seite') },
      { path: '/play', ...page('Spielen-Seite') },
      { path: '/profile/:id', ...page('Profil-Seite') },
    ],
  },
];

async function renderShell(registered = false) {
  const store = registered ? await signedInStore(me, { sub: 'sub-1' }) : signedOutStore();
  return renderApp(routes, { path: '/home', store });
}

describe('shell', () => {
  it('has a skip link to the main content', async () => {
    await renderShell();
    expect(screen.getByRole('link', { name: 'Zum Inhalt springen' })).toHaveAttribute(
      'href',
      '#main',
    );
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it('Tab reaches the bottom bar / rail after the header and before the content', async () => {
    await renderShell();
    const header = screen.getByRole('banner');
    const footer = screen.getByRole('navigation', { name: 'Schnellzugriff' });
    const main = screen.getByRole('main');
    expect(header.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(footer.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('the burger toggles the sidenav: Spiele, Rangliste, Settings and Login', async () => {
    const { user, store } = await renderShell();
    const burger = screen.getByRole('button', { name: 'Menü' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await user.click(burger);
    const nav = await screen.findByRole('dialog');
    expect(selectSidebarExpanded(store.getState())).toBe(true);
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Spiele', '/games/overview/commando'],
      ['Rangliste', '/leaderboard'],
      ['Settings', '/settings'],
    ]);
    expect(within(nav).getByRole('button', { name: 'Login' })).toBeVisible();
    expect(within(nav).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    // focus moved into the panel; Escape closes it and gives focus back to the burger
    expect(nav).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(selectSidebarExpanded(store.getState())).toBe(false);
  });

  it('signed in: Logout instead of Login', async () => {
    const { user } = await renderShell(true);
    await user.click(screen.getByRole('button', { name: 'Menü' }));
    const nav = await screen.findByRole('dialog');
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(within(nav).queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /neo\s*Mein Profil/ })).toHaveAttribute(
      'href',
      `/profile/${me.id}`,
    );
  });

  it('opening a page closes the sidebar and the search bar', async () => {
    const { user, store, router } = await renderShell();
    await user.click(screen.getByRole('button', { name: 'Suche öffnen' }));
    expect(selectSearchBarExpanded(store.getState())).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Menü' }));
    const nav = await screen.findByRole('dialog');
    await user.click(within(nav).getByRole('link', { name: 'Rangliste' }));
    expect(await screen.findByRole('heading', { name: 'Rangliste-Seite' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/leaderboard');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(selectSidebarExpanded(store.getState())).toBe(false);
    expect(selectSearchBarExpanded(store.getState())).toBe(false);
  });

  it('opening a page moves the focus to the new content (from the footer or the sidenav)', async () => {
    const { user } = await renderShell();
    const footer = screen.getByRole('navigation', { name: 'Schnellzugriff' });
    await user.click(within(footer).getByRole('link', { name: 'Rangliste' }));
    await screen.findByRole('heading', { name: 'Rangliste-Seite' });
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Menü' }));
    const nav = await screen.findByRole('dialog');
    await user.click(within(nav).getByRole('link', { name: 'Settings' }));
    await screen.findByRole('heading', { name: 'Settings-Seite' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('the search icon toggles the search field', async () => {
    const { user } = await renderShell(true);
    const toggle = screen.getByRole('button', { name: 'Suche öffnen' });
    await user.click(toggle);
    expect(await screen.findByRole('searchbox', { name: 'Spieler suchen' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Suche schließen' }));
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('the logo links to /', async () => {
    await renderShell();
    expect(screen.getByRole('link', { name: 'Arcadia – Startseite' })).toHaveAttribute('href', '/');
  });

  it('footer: crown to the leaderboard, play, and profile to /login when the user is unknown', async () => {
    await renderShell();
    const footer = screen.getByRole('navigation', { name: 'Schnellzugriff' });
    const links = within(footer)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Rangliste', '/leaderboard'],
      ['Spielen', '/play'],
      ['Profil', '/login'],
      // only in the desktop side rail (hidden below 1024 px)
      ['Spiele', '/games/overview/commando'],
      ['Settings', '/settings'],
    ]);
    for (const name of ['Spiele', 'Settings'])
      expect(within(footer).getByRole('link', { name }).closest('li')).toHaveClass(
        'hidden',
        'lg:flex',
      );
  });

  it('footer: the current page is marked in the bottom bar and the rail', async () => {
    const { user } = await renderShell();
    const footer = screen.getByRole('navigation', { name: 'Schnellzugriff' });
    await user.click(within(footer).getByRole('link', { name: 'Settings' }));
    await screen.findByRole('heading', { name: 'Settings-Seite' });
    expect(within(footer).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(footer).getByRole('link', { name: 'Rangliste' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('footer: the profile button goes to /profile/{id} when the user is known', async () => {
    await renderShell(true);
    const footer = screen.getByRole('navigation', { name: 'Schnellzugriff' });
    expect(within(footer).getByRole('link', { name: 'Profil' })).toHaveAttribute(
      'href',
      `/profile/${me.id}`,
    );
  });
});

describe('shell: the operator console link', () => {
  it.each([
    ['player', false],
    ['staff', true],
    ['admin', true],
  ] as const)('a %s sees it: %s', async (role, shown) => {
    const store = await signedInStore(neo({ role }), { sub: 'sub-1' });
    const { user } = await renderApp(routes, { path: '/home', store });
    await user.click(screen.getByRole('button', { name: 'Menü' }));
    const nav = await screen.findByRole('dialog');
    const link = within(nav).queryByRole('link', { name: 'Betreiberkonsole' });
    if (shown) expect(link).toHaveAttribute('href', '/admin');
    else expect(link).not.toBeInTheDocument();
  });
});
