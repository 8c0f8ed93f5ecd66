import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperatorInfo } from '@arcadia/contracts';
import { apiError, callsTo, handlers, server } from '../../../testing/api';
import { adminHandlers } from '../../../testing/admin-api';
import { adminArcade, operator, staffOperator } from '../../../testing/admin-factories';
import { NOVA } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';
import { signedInStore } from '../../../testing/store';
import { Component as AdminConsole } from '../AdminConsole';

const berlin = adminArcade();
const hamburg = adminArcade({ id: 'hamburg', name: 'Arcadia Hamburg' });

async function renderRoles(who: OperatorInfo = operator()) {
  server.use(
    adminHandlers.getOperator({ body: who }),
    adminHandlers.getAdminArcades({ body: { arcades: [berlin, hamburg] } }),
    handlers.searchUsers({ body: { data: [{ id: NOVA, name: 'NeonNova' }] } }),
    adminHandlers.changeRole(({ body }) => ({
      body: { userId: NOVA, userName: 'NeonNova', role: body.role, arcades: body.arcades ?? [] },
    })),
  );
  const store = await signedInStore();
  const view = await renderApp([{ path: '/admin/*', Component: AdminConsole }], {
    path: '/admin/roles?arcade=berlin',
    store,
  });
  await screen.findByRole('heading', { level: 2 }, { timeout: 10_000 });
  return view;
}

async function pickNova(user: Awaited<ReturnType<typeof renderRoles>>['user']) {
  await user.type(screen.getByLabelText('Spieler suchen'), 'Neon');
  await user.click(await screen.findByRole('button', { name: 'NeonNova' }));
}

// The section's code loads lazily on first use; load it once here, not inside the first test.
beforeAll(async () => {
  await import('./RolesSection');
});

describe('/admin/roles', () => {
  it('makes a player staff of the arcades picked', async () => {
    const { user } = await renderRoles();
    await pickNova(user);
    await user.click(screen.getByRole('checkbox', { name: 'Arcadia Hamburg' }));
    await user.click(screen.getByRole('button', { name: 'Rolle speichern' }));
    await waitFor(() =>
      expect(callsTo('PUT', `/api/admin/users/${NOVA}/role`)[0]?.body).toEqual({
        role: 'staff',
        arcades: ['hamburg'],
      }),
    );
    expect(
      await screen.findByText('NeonNova ist jetzt Personal in: Arcadia Hamburg.'),
    ).toBeVisible();
  });

  it('makes a player admin, and takes the role back', async () => {
    const { user } = await renderRoles();
    await pickNova(user);
    await user.click(screen.getByRole('radio', { name: 'Admin' }));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rolle speichern' }));
    expect(await screen.findByText('NeonNova ist jetzt Admin.')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Spieler' }));
    await user.click(screen.getByRole('button', { name: 'Rolle speichern' }));
    expect(await screen.findByText('NeonNova ist jetzt wieder Spieler.')).toBeVisible();
    expect(callsTo('PUT', `/api/admin/users/${NOVA}/role`).map((c) => c.body)).toEqual([
      { role: 'admin' },
      { role: 'player' },
    ]);
  });

  it('says what is missing: a player, and an arcade for staff', async () => {
    const { user } = await renderRoles();
    await user.click(screen.getByRole('button', { name: 'Rolle speichern' }));
    expect(screen.getByLabelText('Spieler suchen')).toHaveAccessibleDescription(
      expect.stringContaining('Bitte einen Spieler aus der Liste wählen.'),
    );
    expect(
      screen.getByRole('group', { name: 'Spielhallen des Personals' }),
    ).toHaveAccessibleDescription('Personal braucht mindestens eine Spielhalle.');
    expect(callsTo('PUT', `/api/admin/users/${NOVA}/role`)).toHaveLength(0);
  });

  it('the last admin keeps the role', async () => {
    const { user } = await renderRoles();
    server.use(adminHandlers.changeRole(apiError(409, 'last_admin', 'last admin')));
    await pickNova(user);
    await user.click(screen.getByRole('radio', { name: 'Spieler' }));
    await user.click(screen.getByRole('button', { name: 'Rolle speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Das geht nicht: Es wäre danach kein Admin mehr übrig.',
    );
  });

  it('is for admins only: not in the nav of staff, and closed at its URL', async () => {
    server.use(
      adminHandlers.getOperator({ body: staffOperator() }),
      adminHandlers.getAdminArcades({ body: { arcades: [berlin] } }),
    );
    const store = await signedInStore();
    await renderApp([{ path: '/admin/*', Component: AdminConsole }], {
      path: '/admin/roles?arcade=berlin',
      store,
    });
    expect(await screen.findByText('Nur für Admins')).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Bereiche der Konsole' });
    expect(within(nav).queryByRole('link', { name: 'Rollen' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Protokoll' })).toBeVisible();
  });
});
