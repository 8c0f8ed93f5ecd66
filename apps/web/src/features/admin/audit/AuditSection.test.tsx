import { screen, waitFor, within } from '@testing-library/react';
import type { HttpHandler } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError, callsTo, server } from '../../../testing/api';
import { adminHandlers } from '../../../testing/admin-api';
import { adminArcade, auditEntry, operator } from '../../../testing/admin-factories';
import { ME } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';
import { signedInStore } from '../../../testing/store';
import { Component as AdminConsole } from '../AdminConsole';

const update = auditEntry();
const created = auditEntry({
  id: 6,
  action: 'device.create',
  targetType: 'device',
  targetId: 'berlin/arena-1',
  before: null,
  after: { name: 'Arena 1', capacity: 8 },
});
const old = auditEntry({ id: 2, action: 'user.role', actorUserId: null, actorLabel: 'cli' });

async function renderAudit(overrides: HttpHandler[] = []) {
  server.use(
    adminHandlers.getOperator({ body: operator() }),
    adminHandlers.getAdminArcades({ body: { arcades: [adminArcade()] } }),
    adminHandlers.getAudit(({ query }) => ({
      body: query.get('before')
        ? { entries: [old], next: null }
        : { entries: [update, created], next: 6 },
    })),
  );
  server.use(...overrides);
  const store = await signedInStore();
  const view = await renderApp([{ path: '/admin/*', Component: AdminConsole }], {
    path: '/admin/audit?arcade=berlin',
    store,
  });
  await screen.findByRole('heading', { name: 'Änderungsprotokoll' }, { timeout: 10_000 });
  return view;
}

const lastQuery = () => callsTo('GET', '/api/admin/audit').at(-1)!.query;

// The section's code loads lazily on first use; load it once here, not inside the first test.
beforeAll(async () => {
  await import('./AuditSection');
});

describe('/admin/audit', () => {
  it('shows who changed what, before and after side by side, page by page', async () => {
    const { user } = await renderAudit();
    const entry = (await screen.findByRole('heading', { name: /Spielhalle geändert/ })).closest(
      'li',
    )!;
    expect(within(entry).getByText(/Spielhalle berlin/)).toBeVisible();
    // The table scrolls sideways on a phone: a named region the keyboard reaches (axe:
    // scrollable-region-focusable).
    const region = within(entry).getByRole('region', { name: 'Änderung' });
    expect(region).toHaveAttribute('tabindex', '0');
    const rows = within(entry).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'FeldVorherNachher',
      'nameArcadiaArcadia Berlin',
    ]);
    const device = screen.getByRole('heading', { name: /Gerät angelegt/ }).closest('li')!;
    expect(
      within(device)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['FeldVorherNachher', 'name–Arena 1', 'capacity–8']);
    await user.click(screen.getByRole('button', { name: 'Ältere Einträge laden' }));
    expect(await screen.findByRole('heading', { name: /Rolle geändert/ })).toBeVisible();
    expect(lastQuery().get('before')).toBe('6');
    expect(screen.getByText('cli')).toBeVisible();
  });

  it('filters as the route allows, and checks the filters first', async () => {
    const { user } = await renderAudit();
    await screen.findByRole('heading', { name: /Spielhalle geändert/ });
    const filters = screen.getByRole('form', { name: 'Filter' });
    await user.type(within(filters).getByLabelText('Von (Benutzer-ID)'), 'not-a-uuid');
    await user.click(within(filters).getByRole('button', { name: 'Filtern' }));
    expect(within(filters).getByLabelText('Von (Benutzer-ID)')).toHaveAccessibleDescription(
      expect.stringContaining('Bitte eine Benutzer-ID (UUID) angeben.'),
    );
    expect(callsTo('GET', '/api/admin/audit')).toHaveLength(1);

    await user.clear(within(filters).getByLabelText('Von (Benutzer-ID)'));
    await user.type(within(filters).getByLabelText('Aktion'), 'arcade.update');
    await user.selectOptions(within(filters).getByLabelText('Art des Ziels'), 'arcade');
    await user.selectOptions(within(filters).getByLabelText('Spielhalle'), 'berlin');
    await user.type(within(filters).getByLabelText('Ab'), '2026-11-01T10:00');
    await user.click(within(filters).getByRole('button', { name: 'Filtern' }));
    await waitFor(() => expect(callsTo('GET', '/api/admin/audit')).toHaveLength(2));
    expect(Object.fromEntries(lastQuery())).toEqual({
      action: 'arcade.update',
      targetType: 'arcade',
      arcade: 'berlin',
      from: new Date('2026-11-01T10:00').toISOString(),
    });
  });

  it('a name in the list filters by that operator', async () => {
    const { user } = await renderAudit();
    const [byMe] = await screen.findAllByRole('button', { name: 'Nur Einträge von Me zeigen' });
    await user.click(byMe!);
    await waitFor(() => expect(lastQuery().get('actor')).toBe(ME));
    expect(screen.getByLabelText('Von (Benutzer-ID)')).toHaveValue(ME);
  });

  it('a failure to load says so, with a retry', async () => {
    const { user } = await renderAudit([adminHandlers.getAudit(apiError(500, 'internal', 'Boom'))]);
    expect(await screen.findByText('Das Protokoll konnte nicht geladen werden.')).toBeVisible();
    server.use(adminHandlers.getAudit({ body: { entries: [update], next: null } }));
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('heading', { name: /Spielhalle geändert/ })).toBeVisible();
  });
});
