import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AGB_VERSION } from '@arcadia/contracts';
import { AppShell } from './AppShell';
import { apiError, callsTo, deferred, handlers, server } from '../../testing/api';
import { neo } from '../../testing/factories';
import { renderApp } from '../../testing/render-app';
import { signedInStore, signedOutStore } from '../../testing/store';

const routes = [
  {
    Component: AppShell,
    children: [
      { path: '/home', element: <h1>Startseite</h1> },
      { path: '/settings', element: <h1>Settings-Seite</h1> },
    ],
  },
];

/** Issue 17, terms versions: a player on older terms is asked at their next visit. */
describe('new terms (AGB)', () => {
  it('a player on older terms is asked; accepting sends the current version and closes', async () => {
    const old = neo({ agbVersion: AGB_VERSION - 1 });
    const store = await signedInStore(old, { sub: 'sub-1' });
    server.use(
      handlers.acceptAgb(({ body }) =>
        body.version === AGB_VERSION
          ? { body: { ...old, agbVersion: AGB_VERSION } }
          : apiError(400, 'validation_failed', 'version'),
      ),
    );
    const { user } = await renderApp(routes, { path: '/home', store });
    const dialog = await screen.findByRole('dialog', { name: 'Neue AGB' });
    expect(dialog).toHaveTextContent('Wir haben unsere AGB geändert.');
    expect(dialog).toHaveTextContent('Arcadia ist eine Community-App');
    await user.click(screen.getByRole('button', { name: 'Zustimmen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('put', '/api/v2/user/me/agb').map((c) => c.body)).toEqual([
      { version: AGB_VERSION },
    ]);
  });

  it('a player who never accepted terms (a linked card profile) is asked with other words', async () => {
    const store = await signedInStore(neo({ agbVersion: null }), { sub: 'sub-1' });
    await renderApp(routes, { path: '/home', store });
    const dialog = await screen.findByRole('dialog', { name: 'Unsere AGB' });
    expect(dialog).toHaveTextContent('Bitte lies unsere AGB und stimme ihnen zu');
    expect(dialog).not.toHaveTextContent('geändert');
  });

  it('a failed answer says so and keeps the question open', async () => {
    const store = await signedInStore(neo({ agbVersion: 0 }), { sub: 'sub-1' });
    server.use(handlers.acceptAgb(apiError(500, 'internal', 'boom')));
    const { user } = await renderApp(routes, { path: '/home', store });
    await user.click(await screen.findByRole('button', { name: 'Zustimmen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Das hat nicht geklappt.');
    expect(screen.getByRole('dialog', { name: 'Neue AGB' })).toBeVisible();
  });

  it("'Zustimmen' keeps the keyboard focus while it sends, and after a failed answer", async () => {
    const store = await signedInStore(neo({ agbVersion: 0 }), { sub: 'sub-1' });
    const answer = deferred();
    server.use(handlers.acceptAgb({ ...apiError(500, 'internal', 'boom'), wait: answer.promise }));
    const { user } = await renderApp(routes, { path: '/home', store });
    const accept = await screen.findByRole('button', { name: 'Zustimmen' });
    accept.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(callsTo('put', '/api/v2/user/me/agb')).toHaveLength(1));
    // Not `disabled`, which drops the focus to the page; a second press sends nothing.
    expect(accept).toHaveFocus();
    expect(accept).toBeEnabled();
    expect(accept).toHaveAttribute('aria-disabled', 'true');
    expect(accept).toHaveAttribute('aria-busy', 'true');
    await user.keyboard('{Enter}');
    answer.resolve();
    expect(await screen.findByRole('alert')).toHaveTextContent('Das hat nicht geklappt.');
    expect(accept).not.toHaveAttribute('aria-disabled');
    expect(accept).toHaveFocus();
    expect(callsTo('put', '/api/v2/user/me/agb')).toHaveLength(1);
  });

  it('"Später" closes it for this visit; nothing is sent', async () => {
    const store = await signedInStore(neo({ agbVersion: 0 }), { sub: 'sub-1' });
    const { user, router } = await renderApp(routes, { path: '/home', store });
    await user.click(await screen.findByRole('button', { name: 'Später' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await router.navigate('/settings');
    await screen.findByRole('heading', { name: 'Settings-Seite' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo('put', '/api/v2/user/me/agb')).toEqual([]);
  });

  it('asks no one on the current terms, and no visitor', async () => {
    await renderApp(routes, {
      path: '/home',
      store: await signedInStore(neo({ agbVersion: AGB_VERSION }), { sub: 'sub-1' }),
    });
    await screen.findByRole('heading', { name: 'Startseite' });
    await renderApp(routes, { path: '/home', store: signedOutStore() });
    // give a lazy dialog the time it would take to appear
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
