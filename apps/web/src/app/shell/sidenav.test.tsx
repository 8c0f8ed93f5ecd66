import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from './AppShell';
import { selectSearchBarExpanded, selectSidebarExpanded } from '../../features/layout';
import { neo } from '../../testing/factories';
import { renderApp } from '../../testing/render-app';
import { signedInStore, signedOutStore } from '../../testing/store';

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

async function openSidenav(store = signedOutStore()) {
  const view = await renderApp(routes, { path: '/home', store });
  const burger = screen.getByRole('button', { name: 'Menü' });
  await view.user.click(burger);
  const panel = await screen.findByRole('dialog', { name: 'Navigation' });
  return { ...view, burger, panel };
}

/** The panel is removed once its slide-out ends (jsdom runs no animations: the test ends it). */
function finishSlideOut(panel: HTMLElement) {
  fireEvent.animationEnd(panel);
}

function preferReducedMotion() {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query === '(prefers-reduced-motion: reduce)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('sidenav (spec §2: the burger toggles it; it slides in and out)', () => {
  it('the burger stays usable above the open sidenav and toggles it closed', async () => {
    const { user, burger, panel, store } = await openSidenav();
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(burger).not.toHaveAttribute('inert');
    expect(burger.closest('[inert]')).toBeNull();
    // user-event refuses to click what is covered (pointer-events: none), as a finger would be.
    await user.click(burger);
    expect(selectSidebarExpanded(store.getState())).toBe(false);
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(burger).toHaveFocus();
    finishSlideOut(panel);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('focus moves into it; the page behind it is inert while it is open', async () => {
    const { panel, user } = await openSidenav();
    expect(panel).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByRole('main').closest('[inert]')).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('main').closest('[inert]')).toBeNull();
  });

  it('Tab goes round the panel and the burger, never to the header or the bar behind', async () => {
    const { panel, burger, user } = await openSidenav();
    const stops = new Set<Element | null>();
    for (let i = 0; i < 12; i += 1) {
      await user.tab();
      stops.add(document.activeElement);
      expect(
        panel.contains(document.activeElement) || document.activeElement === burger,
        String(document.activeElement?.textContent),
      ).toBe(true);
    }
    expect(stops.has(burger)).toBe(true);
    await user.tab({ shift: true });
    expect(panel.contains(document.activeElement) || document.activeElement === burger).toBe(true);
  });

  it('Escape closes it and gives the focus back to the burger', async () => {
    const { user, burger, store } = await openSidenav();
    await user.keyboard('{Escape}');
    expect(selectSidebarExpanded(store.getState())).toBe(false);
    expect(burger).toHaveFocus();
  });

  it('× closes it and gives the focus back to the burger', async () => {
    const { user, burger, panel, store } = await openSidenav();
    await user.click(within(panel).getByRole('button', { name: 'Menü schließen' }));
    expect(selectSidebarExpanded(store.getState())).toBe(false);
    expect(burger).toHaveFocus();
  });

  it('closing slides it out: it stays, marked closed and inert, until the slide-out ends', async () => {
    const { user, panel } = await openSidenav();
    expect(panel).toHaveAttribute('data-state', 'open');
    await user.keyboard('{Escape}');
    const closing = screen.getByRole('dialog', { hidden: true });
    expect(closing).toBe(panel);
    expect(closing).toHaveAttribute('data-state', 'closed');
    expect(closing).toHaveAttribute('inert');
    finishSlideOut(panel);
    expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument();
  });

  it('a closing panel is removed even when no animation reports its end', async () => {
    const { user } = await openSidenav();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument(),
    );
  });

  it('with prefers-reduced-motion it goes at once', async () => {
    preferReducedMotion();
    const { user } = await openSidenav();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument();
  });

  it('a link closes it and the focus goes to the new page, not the burger', async () => {
    const { user, panel } = await openSidenav(await signedInStore(neo(), { sub: 'sub-1' }));
    await user.click(within(panel).getByRole('link', { name: 'Settings' }));
    await screen.findByRole('heading', { name: 'Settings-Seite' });
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });
});

describe('search bar', () => {
  it('Escape closes it and gives the focus back to the search toggle', async () => {
    const store = await signedInStore(neo(), { sub: 'sub-1' });
    const { user } = await renderApp(routes, { path: '/home', store });
    await user.click(screen.getByRole('button', { name: 'Suche öffnen' }));
    const field = await screen.findByRole('searchbox', { name: 'Spieler suchen' });
    await user.type(field, 'ne');
    await user.keyboard('{Escape}');
    expect(selectSearchBarExpanded(store.getState())).toBe(false);
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suche öffnen' })).toHaveFocus();
  });

  it('Escape in the search does not also close the open sidenav', async () => {
    const store = await signedInStore(neo(), { sub: 'sub-1' });
    const { user } = await renderApp(routes, { path: '/home', store });
    await user.click(screen.getByRole('button', { name: 'Menü' }));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Suche öffnen' }));
    await screen.findByRole('searchbox', { name: 'Spieler suchen' });
    await user.keyboard('{Escape}');
    expect(selectSearchBarExpanded(store.getState())).toBe(false);
    expect(selectSidebarExpanded(store.getState())).toBe(true);
  });
});
