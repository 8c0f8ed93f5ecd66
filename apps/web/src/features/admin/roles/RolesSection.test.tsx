import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminPlayer, OperatorInfo } from '@arcadia/contracts';
import { apiError, callsTo, handlers, server } from '../../../testing/api';
import { adminHandlers } from '../../../testing/admin-api';
import { adminArcade, operator, staffOperator } from '../../../testing/admin-factories';
import { adminPlayer, playerHandlers } from '../../../testing/admin-players-api';
import { NOVA } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';
import { signedInStore } from '../../../testing/store';
import { Component as AdminConsole } from '../AdminConsole';
import { pickerHandlers } from '../shell/testing';

const berlin = adminArcade();
const hamburg = adminArcade({ id: 'hamburg', name: 'Arcadia Hamburg' });
const munich = adminArcade({
  id: 'munich',
  name: 'Arcadia München',
  retiredAt: '2026-10-01T00:00:00.000Z',
});

/** The console with NeonNova findable; the fake server keeps her role as it is changed. */
async function renderRoles(
  who: OperatorInfo = operator(),
  nova: Pick<AdminPlayer, 'role' | 'arcades'> = { role: 'player', arcades: [] },
  lang: 'de' | 'en' = 'de',
) {
  let now = { ...nova };
  server.use(
    adminHandlers.getOperator({ body: who }),
    adminHandlers.getAdminArcades({ body: { arcades: [berlin, hamburg, munich] } }),
    pickerHandlers.findPlayers({ body: { data: [{ id: NOVA, name: 'NeonNova' }] } }),
    playerHandlers.getPlayer(() => ({
      body: adminPlayer({ id: NOVA, userName: 'NeonNova', ...now }),
    })),
    adminHandlers.changeRole(({ body }) => {
      now = { role: body.role, arcades: body.arcades ?? [] };
      return { body: { userId: NOVA, userName: 'NeonNova', ...now } };
    }),
  );
  const store = await signedInStore();
  const view = await renderApp([{ path: '/admin/*', Component: AdminConsole }], {
    path: '/admin/roles?arcade=berlin',
    store,
    lang,
  });
  await screen.findByRole('heading', { level: 2 }, { timeout: 10_000 });
  return view;
}

async function pickNova(user: Awaited<ReturnType<typeof renderRoles>>['user']) {
  await user.type(screen.getByLabelText('Spieler suchen'), 'Neon');
  await user.click(await screen.findByRole('button', { name: 'NeonNova' }));
  await screen.findByText(/^NeonNova ist zurzeit/);
}

// The section's code loads lazily on first use; load it once here, not inside the first test.
beforeAll(async () => {
  await import('./RolesSection');
});

describe('/admin/roles', () => {
  it('makes a player staff of the arcades picked', async () => {
    const { user } = await renderRoles();
    await pickNova(user);
    expect(screen.getByText('NeonNova ist zurzeit Spieler.')).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Spieler' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Personal' }));
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

  it("finds a friends-only player the app's public search hides, with the console's search", async () => {
    const { user } = await renderRoles();
    // As the server answers: NeonNova's profile is shown to her friends only.
    server.use(handlers.searchUsers({ body: { data: [] } }));
    await user.type(screen.getByLabelText('Spieler suchen'), 'neon');
    await user.click(await screen.findByRole('button', { name: 'NeonNova' }));
    expect(await screen.findByText('NeonNova ist zurzeit Spieler.')).toBeVisible();
    expect(screen.queryByText('Kein Spieler mit diesem Namen.')).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/admin/players/find').at(-1)!.query.get('q')).toBe('neon');
    expect(callsTo('GET', '/api/user')).toHaveLength(0);
  });

  it('makes a player admin, and takes the role back', async () => {
    const { user } = await renderRoles();
    await pickNova(user);
    await user.click(screen.getByRole('radio', { name: 'Admin' }));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rolle speichern' }));
    expect(await screen.findByText('NeonNova ist jetzt Admin.')).toBeVisible();
    expect(await screen.findByText('NeonNova ist zurzeit Admin.')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Spieler' }));
    await user.click(screen.getByRole('button', { name: 'Rolle speichern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rolle herabsetzen?' });
    expect(dialog).toHaveTextContent('NeonNova ist Admin und wird Spieler.');
    await user.click(within(dialog).getByRole('button', { name: 'Herabsetzen' }));
    expect(await screen.findByText('NeonNova ist jetzt wieder Spieler.')).toBeVisible();
    expect(callsTo('PUT', `/api/admin/users/${NOVA}/role`).map((c) => c.body)).toEqual([
      { role: 'admin' },
      { role: 'player' },
    ]);
  });

  it("starts from the player's current role and arcades, and offers no retired arcade", async () => {
    const { user } = await renderRoles(operator(), { role: 'staff', arcades: ['hamburg'] });
    await pickNova(user);
    expect(screen.getByText('NeonNova ist zurzeit Personal in: Arcadia Hamburg.')).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Personal' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Arcadia Hamburg' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Arcadia Berlin' })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /München/ })).not.toBeInTheDocument();
    // Adding an arcade is no lower role: saved at once.
    await user.click(screen.getByRole('checkbox', { name: 'Arcadia Berlin' }));
    await user.click(screen.getByRole('button', { name: 'Rolle speichern' }));
    await waitFor(() =>
      expect(callsTo('PUT', `/api/admin/users/${NOVA}/role`)[0]?.body).toEqual({
        role: 'staff',
        arcades: ['hamburg', 'berlin'],
      }),
    );
  });

  it('asks before a lower role, and saves nothing when cancelled', async () => {
    const { user } = await renderRoles(operator(), { role: 'staff', arcades: ['berlin'] });
    await pickNova(user);
    await user.click(screen.getByRole('radio', { name: 'Spieler' }));
    await user.click(screen.getByRole('button', { name: 'Rolle speichern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rolle herabsetzen?' });
    expect(dialog).toHaveTextContent('NeonNova ist Personal und wird Spieler.');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo('PUT', `/api/admin/users/${NOVA}/role`)).toHaveLength(0);
  });

  it('says what is missing: a player, and an arcade for staff', async () => {
    const { user } = await renderRoles();
    await user.click(screen.getByRole('button', { name: 'Rolle speichern' }));
    expect(screen.getByLabelText('Spieler suchen')).toHaveAccessibleDescription(
      expect.stringContaining('Bitte einen Spieler aus der Liste wählen.'),
    );
    // The first field to fix has the focus, not the button.
    await waitFor(() => expect(screen.getByLabelText('Spieler suchen')).toHaveFocus());
    expect(
      screen.getByRole('group', { name: 'Spielhallen des Personals' }),
    ).toHaveAccessibleDescription('Personal braucht mindestens eine Spielhalle.');
    expect(callsTo('PUT', `/api/admin/users/${NOVA}/role`)).toHaveLength(0);
  });

  it('the last admin keeps the role', async () => {
    const { user } = await renderRoles(operator(), { role: 'admin', arcades: [] });
    server.use(adminHandlers.changeRole(apiError(409, 'last_admin', 'last admin')));
    await pickNova(user);
    await user.click(screen.getByRole('radio', { name: 'Spieler' }));
    await user.click(screen.getByRole('button', { name: 'Rolle speichern' }));
    await user.click(await screen.findByRole('button', { name: 'Herabsetzen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Das geht nicht: Es wäre danach kein Admin mehr übrig.',
    );
  });

  it("in English: a refusal says why in the console's words, never the server's", async () => {
    const { user } = await renderRoles(operator(), { role: 'player', arcades: [] }, 'en');
    server.use(adminHandlers.changeRole(apiError(429, 'rate_limited', 'Rate limit exceeded')));
    await user.type(screen.getByLabelText('Find a player'), 'Neon');
    await user.click(await screen.findByRole('button', { name: 'NeonNova' }));
    await screen.findByText(/^NeonNova is currently/);
    await user.click(screen.getByRole('radio', { name: 'Admin' }));
    await user.click(screen.getByRole('button', { name: 'Save role' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a moment, then try again.',
    );
    expect(document.body).not.toHaveTextContent('Rate limit');

    server.use(adminHandlers.changeRole(apiError(404, 'not_found', 'Not found')));
    await user.click(await screen.findByRole('button', { name: 'Save role' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('This player does not exist (any more).'),
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
