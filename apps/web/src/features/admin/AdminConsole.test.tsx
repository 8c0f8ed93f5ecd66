import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, callsTo, server } from '../../testing/api';
import { adminHandlers } from '../../testing/admin-api';
import { adminArcade, operator, staffOperator } from '../../testing/admin-factories';
import { renderApp } from '../../testing/render-app';
import { signedInStore } from '../../testing/store';
import { Component as AdminConsole } from './AdminConsole';

const berlin = adminArcade();
const hamburg = adminArcade({ id: 'hamburg', name: 'Arcadia Hamburg', city: 'Hamburg' });
const old = adminArcade({ id: 'old', name: 'Altbau', retiredAt: '2026-01-01T00:00:00.000Z' });

async function renderConsole(path = '/admin', lang: 'de' | 'en' = 'de') {
  const store = await signedInStore();
  return renderApp([{ path: '/admin/*', Component: AdminConsole }], { path, store, lang });
}

describe('/admin: the console shell', () => {
  it('a player gets a clear "no access" page, in German and English', async () => {
    server.use(adminHandlers.getOperator(apiError(403, 'forbidden', 'Operators only')));
    await renderConsole();
    expect(await screen.findByText('Kein Zugang')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Betreiberkonsole' })).toBeVisible();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/admin/arcades')).toHaveLength(0);
  });

  it('says "No access" in English', async () => {
    server.use(adminHandlers.getOperator(apiError(403, 'forbidden', 'Operators only')));
    await renderConsole('/admin', 'en');
    expect(await screen.findByText('No access')).toBeVisible();
  });

  it('shows a failure to load with a retry', async () => {
    server.use(adminHandlers.getOperator(apiError(500, 'internal', 'Boom')));
    const { user } = await renderConsole();
    expect(await screen.findByText('Die Konsole konnte nicht geladen werden.')).toBeVisible();
    server.use(
      adminHandlers.getOperator({ body: operator() }),
      adminHandlers.getAdminArcades({ body: { arcades: [berlin] } }),
    );
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('navigation', { name: 'Bereiche der Konsole' })).toBeVisible();
  });

  it('an admin picks from every arcade; the first open one lands in the URL', async () => {
    server.use(
      adminHandlers.getOperator({ body: operator() }),
      adminHandlers.getAdminArcades({ body: { arcades: [old, berlin, hamburg] } }),
    );
    const { router, user } = await renderConsole();
    const picker = await screen.findByRole('combobox', { name: 'Spielhalle' });
    await waitFor(() => expect(router.state.location.search).toBe('?arcade=berlin'));
    expect(router.state.location.pathname).toBe('/admin/arcades');
    expect(picker).toHaveValue('berlin');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Altbau (stillgelegt)', 'Arcadia Berlin · Berlin', 'Arcadia Hamburg · Hamburg']);
    await user.selectOptions(picker, 'hamburg');
    expect(router.state.location.search).toBe('?arcade=hamburg');
    // The section links keep the arcade.
    const nav = screen.getByRole('navigation', { name: 'Bereiche der Konsole' });
    expect(within(nav).getByRole('link', { name: 'Spielhallen' })).toHaveAttribute(
      'href',
      '/admin/arcades?arcade=hamburg',
    );
  });

  it('keeps the arcade named in the URL (a reload or a shared link)', async () => {
    server.use(
      adminHandlers.getOperator({ body: operator() }),
      adminHandlers.getAdminArcades({ body: { arcades: [berlin, hamburg] } }),
    );
    const { router } = await renderConsole('/admin/arcades?arcade=hamburg');
    expect(await screen.findByRole('combobox', { name: 'Spielhalle' })).toHaveValue('hamburg');
    expect(router.state.location.search).toBe('?arcade=hamburg');
  });

  it('staff pick only from their own arcades, and an arcade not theirs in the URL is replaced', async () => {
    server.use(
      adminHandlers.getOperator({ body: staffOperator(['hamburg']) }),
      // The server answers staff their arcades; the picker holds to /admin/me's list as well.
      adminHandlers.getAdminArcades({ body: { arcades: [berlin, hamburg] } }),
    );
    const { router } = await renderConsole('/admin/arcades?arcade=berlin');
    const picker = await screen.findByRole('combobox', { name: 'Spielhalle' });
    expect(
      within(picker)
        .getAllByRole<HTMLOptionElement>('option')
        .map((o) => o.value),
    ).toEqual(['hamburg']);
    await waitFor(() => expect(router.state.location.search).toBe('?arcade=hamburg'));
    expect(screen.getByText('Me · Personal')).toBeVisible();
  });

  it('below lg the content column is no wider than the screen (wide tables scroll inside)', async () => {
    server.use(
      adminHandlers.getOperator({ body: operator() }),
      adminHandlers.getAdminArcades({ body: { arcades: [berlin] } }),
    );
    await renderConsole('/admin/nothing-here?arcade=berlin');
    const nav = await screen.findByRole('navigation', { name: 'Bereiche der Konsole' });
    // An implicit grid column is `auto`: as wide as its widest content, a table's min-width.
    expect(nav.parentElement).toHaveClass('grid', 'grid-cols-[minmax(0,1fr)]');
    expect(nav).toHaveClass('min-w-0');
  });

  it('an unknown section says so', async () => {
    server.use(
      adminHandlers.getOperator({ body: operator() }),
      adminHandlers.getAdminArcades({ body: { arcades: [berlin] } }),
    );
    await renderConsole('/admin/nothing-here?arcade=berlin');
    expect(await screen.findByText('Diesen Bereich gibt es nicht.')).toBeVisible();
  });

  it('a 403 from a section while open (the role was taken) turns the console to "no access"', async () => {
    let meCalls = 0;
    server.use(
      // The role is taken after the console opened: /admin/me answers 403 from its second call.
      adminHandlers.getOperator(() =>
        ++meCalls === 1
          ? { body: operator() }
          : apiError(403, 'forbidden', 'This needs an operator (staff or admin) account'),
      ),
      adminHandlers.getAdminArcades({ body: { arcades: [berlin] } }),
      adminHandlers.getDevices(apiError(403, 'forbidden', 'This needs an operator account')),
    );
    await renderConsole('/admin/devices?arcade=berlin');
    expect(await screen.findByText('Kein Zugang', {}, { timeout: 10_000 })).toBeVisible();
    expect(screen.queryByText(/schiefgelaufen/)).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/admin/me')).toHaveLength(2);
  });

  it('a 403 while the role stays (an arcade not theirs) asks /admin/me once and keeps the console', async () => {
    server.use(
      adminHandlers.getOperator({ body: operator() }),
      adminHandlers.getAdminArcades({ body: { arcades: [berlin] } }),
      adminHandlers.getDevices(apiError(403, 'forbidden', 'You are not staff of this arcade')),
    );
    await renderConsole('/admin/devices?arcade=berlin');
    await waitFor(() => expect(callsTo('GET', '/api/admin/me')).toHaveLength(2));
    expect(screen.getByRole('navigation', { name: 'Bereiche der Konsole' })).toBeVisible();
    expect(screen.queryByText('Kein Zugang')).not.toBeInTheDocument();
    expect(await screen.findByText(/schiefgelaufen/)).toBeVisible();
    expect(callsTo('GET', '/api/admin/me')).toHaveLength(2);
  });
});
