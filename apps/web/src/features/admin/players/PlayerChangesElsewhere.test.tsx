import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminPlayer } from '@arcadia/contracts';
import { callsTo, server } from '../../../testing/api';
import { adminHandlers } from '../../../testing/admin-api';
import { adminArcade, adminGame, gameSlot, operator } from '../../../testing/admin-factories';
import { adminPlayer, playerHandlers } from '../../../testing/admin-players-api';
import { renderApp } from '../../../testing/render-app';
import { signedInStore } from '../../../testing/store';
import { Component as AdminConsole } from '../AdminConsole';
import { getDevicesApi } from '../devices/api/get-devices';
import { visitsApi } from '../visits/api/visits';

const DAY = '2026-11-20';
const GAME = `/admin/games/${adminGame().id}?arcade=berlin`;

/**
 * The console on a game Rick played, with the devices and the day's visits held in the store as
 * their sections hold them: every list that shows Rick by name.
 */
async function renderGameOfRick() {
  let player: AdminPlayer | null = adminPlayer();
  const rickSlot = () =>
    player
      ? gameSlot({ userId: player.id, name: player.userName })
      : gameSlot({ userId: null, name: 'Deleted player' });
  server.use(
    adminHandlers.getOperator({ body: operator() }),
    adminHandlers.getAdminArcades({ body: { arcades: [adminArcade()] } }),
    adminHandlers.getGame(() => ({ body: adminGame({ players: [rickSlot()] }) })),
    adminHandlers.getDevices({ body: { devices: [] } }),
    playerHandlers.getVisits({
      body: { day: DAY, timeZone: 'Europe/Berlin', visits: [], next: null },
    }),
    playerHandlers.getPlayer(() => ({ body: player ?? adminPlayer() })),
    playerHandlers.renamePlayer(({ body }) => {
      player = { ...adminPlayer(), userName: body.userName };
      return { body: player };
    }),
    playerHandlers.deletePlayer(() => {
      player = null;
      return { body: { success: true } };
    }),
  );
  const store = await signedInStore();
  void store.dispatch(getDevicesApi.endpoints.getDevices.initiate('berlin'));
  void store.dispatch(
    visitsApi.endpoints.getArcadeVisits.initiate({ arcadeId: 'berlin', day: DAY }),
  );
  const view = await renderApp([{ path: '/admin/*', Component: AdminConsole }], {
    path: GAME,
    store,
    toaster: false,
  });
  const table = await screen.findByRole('table', {}, { timeout: 10_000 });
  await view.user.click(within(table).getByRole('link', { name: 'RudeRick' }));
  await screen.findByRole('heading', { level: 2, name: 'RudeRick' }, { timeout: 10_000 });
  return view;
}

const devicesAsked = () => callsTo('GET', '/api/admin/arcades/berlin/devices').length;
const visitsAsked = () => callsTo('GET', '/api/admin/arcades/berlin/visits').length;

// The sections' code loads lazily on first use; load it once here, not inside the first test.
beforeAll(async () => {
  await Promise.all([import('./PlayersSection'), import('../games/GamesSection')]);
});

describe('/admin/players: a rename or deletion reaches every list that names the player', () => {
  it('after a rename the game page, the devices and the visits ask again', async () => {
    const { user, router } = await renderGameOfRick();
    expect(devicesAsked()).toBe(1);
    expect(visitsAsked()).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Umbenennen' }));
    const dialog = screen.getByRole('dialog', { name: 'RudeRick umbenennen' });
    const field = within(dialog).getByLabelText('Neuer Benutzername');
    await user.clear(field);
    await user.type(field, 'NiceRick');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await screen.findByRole('heading', { level: 2, name: 'NiceRick' });
    await waitFor(() => expect(devicesAsked()).toBe(2));
    await waitFor(() => expect(visitsAsked()).toBe(2));

    void router.navigate(-1);
    const table = await screen.findByRole('table');
    expect(await within(table).findByRole('link', { name: 'NiceRick' })).toBeVisible();
    expect(within(table).queryByText('RudeRick')).toBeNull();
  });

  it('after a deletion the game page no longer names the player', async () => {
    const { user, router } = await renderGameOfRick();
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    const dialog = screen.getByRole('dialog', { name: 'RudeRick löschen?' });
    await user.type(
      within(dialog).getByLabelText('Zur Bestätigung „RudeRick“ eingeben'),
      'RudeRick',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/players'));
    await waitFor(() => expect(devicesAsked()).toBe(2));
    await waitFor(() => expect(visitsAsked()).toBe(2));

    void router.navigate(GAME);
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Gelöschter Spieler')).toBeVisible();
    expect(within(table).queryByText('RudeRick')).toBeNull();
  });
});
