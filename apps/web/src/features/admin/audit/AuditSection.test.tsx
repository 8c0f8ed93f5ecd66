import { screen, waitFor, within } from '@testing-library/react';
import type { HttpHandler } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError, callsTo, server } from '../../../testing/api';
import { adminHandlers } from '../../../testing/admin-api';
import { adminArcade, auditEntry, operator } from '../../../testing/admin-factories';
import { ME, NOVA } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';
import { signedInStore } from '../../../testing/store';
import { Component as AdminConsole } from '../AdminConsole';
import { fieldsOf, itemOf, lastQuery, loadAuditSection } from './testing';

const update = auditEntry();
const created = auditEntry({
  id: 6,
  action: 'device.create',
  targetType: 'device',
  targetId: 'berlin;arena-1',
  actorUserId: null,
  actorLabel: 'cli',
  before: null,
  after: {
    arcadeId: 'berlin',
    id: 'arena-1',
    name: 'Arena 1',
    kind: 'laser-tag',
    applicationId: 'commando',
    capacity: 8,
    disabled: false,
    lastHeartbeatAt: null,
  },
  names: {
    'device:berlin;arena-1': { name: 'Arena 1', deleted: false },
    'arcade:berlin': { name: 'Arcadia Berlin', deleted: false },
    'application:commando': { name: 'Commando', deleted: false },
  },
});
const old = auditEntry({
  id: 2,
  action: 'user.role',
  targetType: 'user',
  targetId: NOVA,
  arcadeId: null,
  before: { role: 'admin', arcades: [] },
  after: { role: 'staff', arcades: ['berlin'] },
  names: {
    [`user:${ME}`]: { name: 'Me', deleted: false },
    [`user:${NOVA}`]: { name: 'Nova', deleted: false },
    'arcade:berlin': { name: 'Arcadia Berlin', deleted: false },
  },
});

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
  await screen.findByRole('heading', { name: 'Protokoll' }, { timeout: 10_000 });
  return view;
}

// The section's code loads lazily on first use; load it once here, not inside the first test.
beforeAll(loadAuditSection);

/**
 * The filter's status line. The list's loading spinner is a status too, shown while the filtered
 * list loads, so `getByRole('status')` found two or one depending on the mock's timing.
 */
const filterStatus = () => {
  const line = screen.getAllByRole('status').find((element) => element.tagName === 'P');
  if (!line) throw new Error('no filter status line');
  return line;
};

describe('/admin/audit', () => {
  it('tells each entry as a sentence with names, the changed fields labelled, page by page', async () => {
    const { user } = await renderAudit();
    const entry = itemOf(
      await screen.findByRole('heading', {
        name: 'Me hat die Spielhalle Arcadia Berlin geändert.',
      }),
    );
    expect(within(entry).getByText('26.11.2026, 13:00')).toBeVisible();
    expect(within(entry).getByText('Spielhalle Arcadia Berlin')).toBeVisible();
    expect(fieldsOf(entry)).toEqual(['Name: Arcadia → Arcadia Berlin']);
    const device = itemOf(
      screen.getByRole('heading', { name: 'Die Kommandozeile hat das Gerät Arena 1 angelegt.' }),
    );
    expect(fieldsOf(device)).toEqual([
      'Spielhalle: Arcadia Berlin',
      'Kennung: arena-1',
      'Name: Arena 1',
      'Art: laser-tag',
      'Spiel: Commando',
      'Plätze: 8',
      'Gesperrt: Nein',
    ]);
    await user.click(screen.getByRole('button', { name: 'Ältere Einträge laden' }));
    const role = itemOf(
      await screen.findByRole('heading', { name: 'Me hat die Rolle von Nova geändert.' }),
    );
    expect(lastQuery().get('before')).toBe('6');
    expect(fieldsOf(role)).toEqual([
      'Rolle: Admin → Personal',
      'Spielhallen: keine → Arcadia Berlin',
    ]);
    // No id of a player, arcade or device on the page.
    expect(document.body.textContent).not.toContain(NOVA);
    expect(document.body.textContent).not.toContain('berlin;arena-1');
  });

  it('filters as the route allows, and checks the filters first', async () => {
    const { user } = await renderAudit();
    await screen.findByRole('heading', { name: /Spielhalle Arcadia Berlin geändert/ });
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
    await user.type(within(filters).getByLabelText('Bis'), '2026-07-01T23:30');
    await user.click(within(filters).getByRole('button', { name: 'Filtern' }));
    await waitFor(() => expect(callsTo('GET', '/api/admin/audit')).toHaveLength(2));
    // The times typed are Berlin's, as the entries show them (winter +1 h, summer +2 h),
    // whatever zone the browser is in.
    expect(Object.fromEntries(lastQuery())).toEqual({
      action: 'arcade.update',
      targetType: 'arcade',
      arcade: 'berlin',
      from: '2026-11-01T09:00:00.000Z',
      to: '2026-07-01T21:30:00.000Z',
    });
  });

  it('says that the period is on Berlin time, at both fields', async () => {
    await renderAudit();
    const filters = await screen.findByRole('form', { name: 'Filter' });
    for (const label of ['Ab', 'Bis'])
      expect(within(filters).getByLabelText(label)).toHaveAccessibleDescription(
        expect.stringContaining('Datum und Uhrzeit gelten in Berlin (Europe/Berlin)'),
      );
  });

  it('a name in the list filters by that operator', async () => {
    const { user } = await renderAudit();
    const [byMe] = await screen.findAllByRole('button', { name: 'Nur Einträge von Me zeigen' });
    await user.click(byMe!);
    await waitFor(() => expect(lastQuery().get('actor')).toBe(ME));
    expect(screen.getByLabelText('Von (Benutzer-ID)')).toHaveValue(ME);
    // The button went with the old list: the focus is on what the log shows now, not lost.
    const status = filterStatus();
    expect(status).toHaveTextContent('Gezeigt werden nur Einträge von Me.');
    await waitFor(() => expect(status).toHaveFocus());
  });

  it('a failure to load says so, with a retry', async () => {
    const { user } = await renderAudit([adminHandlers.getAudit(apiError(500, 'internal', 'Boom'))]);
    expect(await screen.findByText('Das Protokoll konnte nicht geladen werden.')).toBeVisible();
    server.use(adminHandlers.getAudit({ body: { entries: [update], next: null } }));
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(
      await screen.findByRole('heading', {
        name: 'Me hat die Spielhalle Arcadia Berlin geändert.',
      }),
    ).toBeVisible();
  });
});
