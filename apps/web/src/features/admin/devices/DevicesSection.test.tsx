import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminDevice } from '@arcadia/contracts';
import { getToasts } from '../../../components/ui/toast-store';
import { setAccessTokenProvider } from '../../../lib/auth/token';
import { apiError, callsTo, networkError, server } from '../../../testing/api';
import { adminHandlers } from '../../../testing/admin-api';
import { adminArcade, adminDevice, operator } from '../../../testing/admin-factories';
import { NOVA } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';
import { signedInStore } from '../../../testing/store';
import { Component as AdminConsole } from '../AdminConsole';

const KEY = 'dk_live_0123456789abcdefghijklmnopqrstuv';
const arena = adminDevice({
  players: [{ userId: NOVA, userName: 'NeonNova', joinedAt: '2026-11-26T17:45:00.000Z' }],
});
const racer = adminDevice({
  id: 'racer-2',
  name: 'Racer 2',
  online: false,
  lastHeartbeatAt: null,
  disabled: true,
});

/** The console on /admin/devices, with a device list that follows the app's changes. */
async function renderDevices(devices: AdminDevice[] = [arena, racer], arcade = adminArcade()) {
  const state = { devices: [...devices] };
  const update = (id: string, change: Partial<AdminDevice>) => {
    state.devices = state.devices.map((d) => (d.id === id ? { ...d, ...change } : d));
    return state.devices.find((d) => d.id === id)!;
  };
  server.use(
    adminHandlers.getOperator({ body: operator() }),
    adminHandlers.getAdminArcades({ body: { arcades: [arcade] } }),
    adminHandlers.getDevices(() => ({ body: { devices: state.devices } })),
    adminHandlers.createDevice(({ body }) => {
      const device = adminDevice({ ...body, online: false, lastHeartbeatAt: null });
      state.devices.push(device);
      return { status: 201, body: { device, key: KEY } };
    }),
    adminHandlers.renameDevice(({ params, body }) =>
      state.devices.some(
        (d) => d.id !== params.deviceId && d.name.toLowerCase() === body.name.toLowerCase(),
      )
        ? apiError(409, 'device_name_taken', 'taken', [{ path: 'name', message: 'taken' }])
        : { body: update(params.deviceId!, { name: body.name }) },
    ),
    adminHandlers.rotateDeviceKey(({ params }) => ({
      body: { device: update(params.deviceId!, {}), key: `${KEY}-new` },
    })),
    adminHandlers.disableDevice(({ params }) => ({
      body: update(params.deviceId!, { disabled: true }),
    })),
    adminHandlers.enableDevice(({ params }) => ({
      body: update(params.deviceId!, { disabled: false }),
    })),
    adminHandlers.kickPlayer(({ params }) => {
      update(params.deviceId!, { players: [] });
      return { status: 204, body: null };
    }),
  );
  const store = await signedInStore();
  const view = await renderApp([{ path: '/admin/*', Component: AdminConsole }], {
    path: '/admin/devices?arcade=berlin',
    store,
    toaster: false,
  });
  // The section's code loads on first use (slow on the first test of the file).
  await screen.findByRole('heading', { name: 'Geräte · Arcadia Berlin' }, { timeout: 10_000 });
  return view;
}

const card = async (name: string) => (await screen.findByRole('heading', { name })).closest('li')!;

beforeEach(() => {
  setAccessTokenProvider(async () => 'operator-token');
});
afterEach(() => {
  setAccessTokenProvider(async () => null);
  vi.restoreAllMocks();
});

// The section's code loads lazily on first use; load it once here, not inside the first test.
beforeAll(async () => {
  await import('./DevicesSection');
});

describe('/admin/devices', () => {
  it('lists the devices: online status, last heartbeat, who is on them', async () => {
    await renderDevices();
    const first = await card('Arena 1');
    expect(within(first).getByText('Online')).toBeVisible();
    expect(within(first).getByText('26.11.2026, 13:00')).toBeVisible();
    expect(within(first).getByText('Jetzt darauf: 1 Spieler')).toBeVisible();
    expect(within(first).getByText(/NeonNova/)).toBeVisible();
    const second = await card('Racer 2');
    expect(within(second).getByText('Gesperrt')).toBeVisible();
    expect(within(second).getByText('noch nie')).toBeVisible();
    expect(callsTo('GET', '/api/admin/arcades/berlin/devices')[0]!.authorization).toBe(
      'Bearer operator-token',
    );
  });

  it('renames a device; a name another device has is said at the field', async () => {
    const { user } = await renderDevices();
    await user.click(await screen.findByRole('button', { name: 'Arena 1 umbenennen' }));
    const dialog = screen.getByRole('dialog', { name: 'Arena 1 umbenennen' });
    const field = within(dialog).getByLabelText('Name');
    expect(field).toHaveValue('Arena 1');
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(field).toHaveAccessibleDescription(
      'Der Name braucht 1 bis 80 sichtbare Zeichen, ohne Steuerzeichen.',
    );
    await waitFor(() => expect(field).toHaveFocus());
    expect(callsTo('PATCH', '/api/admin/arcades/berlin/devices/arena-1')).toHaveLength(0);
    await user.type(field, 'RACER 2');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        'Ein Gerät mit diesem Namen gibt es in der Spielhalle schon.',
      ),
    );
    await user.clear(field);
    await user.type(field, 'Laser Dome');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(callsTo('PATCH', '/api/admin/arcades/berlin/devices/arena-1').at(-1)?.body).toEqual({
      name: 'Laser Dome',
    });
    expect(await screen.findByRole('button', { name: 'Laser Dome umbenennen' })).toBeVisible();
    expect(getToasts().map((t) => t.title)).toContain('Arena 1 heißt jetzt Laser Dome.');
  });

  it('a new key after confirming, shown once', async () => {
    const { user } = await renderDevices();
    await user.click(await screen.findByRole('button', { name: 'Neuer Schlüssel für Arena 1' }));
    const confirm = screen.getByRole('dialog', { name: 'Neuen Schlüssel für Arena 1 erzeugen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Neuer Schlüssel' }));
    const shown = await screen.findByRole('dialog', { name: 'Neuer Schlüssel für Arena 1' });
    expect(within(shown).getByText(`${KEY}-new`)).toBeVisible();
    expect(callsTo('POST', '/api/admin/arcades/berlin/devices/arena-1/rotate-key')).toHaveLength(1);
    // Shown this once: no slip closes it (Escape, the backdrop, a close button), only 'Fertig'.
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('dialog-backdrop'));
    expect(shown).toBeVisible();
    expect(within(shown).queryByRole('button', { name: 'Schließen' })).not.toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect(shown).not.toBeInTheDocument());
    // Back where the operator started: the device's own button, not 'Neues Gerät'.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Neuer Schlüssel für Arena 1' })).toHaveFocus(),
    );
  });

  it('disables a device after confirming (players on it stay), and enables one at once', async () => {
    const { user } = await renderDevices();
    await user.click(await screen.findByRole('button', { name: 'Arena 1 sperren' }));
    const confirm = screen.getByRole('dialog', { name: 'Arena 1 sperren?' });
    expect(confirm).toHaveTextContent('seine Meldungen (auch die der laufenden Runde) werden');
    expect(confirm).toHaveTextContent(
      'Der Spieler, der gerade darauf ist, sieht es offline und kann gehen',
    );
    expect(callsTo('POST', '/api/admin/arcades/berlin/devices/arena-1/disable')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Sperren' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/admin/arcades/berlin/devices/arena-1/disable')).toHaveLength(1),
    );
    expect(await within(await card('Arena 1')).findByText('Gesperrt')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Racer 2 entsperren' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/admin/arcades/berlin/devices/racer-2/enable')).toHaveLength(1),
    );
    expect(getToasts().map((t) => t.title)).toEqual([
      'Arena 1 ist gesperrt.',
      'Racer 2 ist wieder freigegeben.',
    ]);
  });

  it('disabling a device can be cancelled: nothing is sent', async () => {
    const { user } = await renderDevices();
    await user.click(await screen.findByRole('button', { name: 'Arena 1 sperren' }));
    const confirm = screen.getByRole('dialog', { name: 'Arena 1 sperren?' });
    await user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/arcades/berlin/devices/arena-1/disable')).toHaveLength(0);
  });

  it('takes a player off a device after confirming', async () => {
    const { user } = await renderDevices();
    await user.click(await screen.findByRole('button', { name: 'NeonNova vom Gerät abmelden' }));
    const confirm = screen.getByRole('dialog', { name: 'NeonNova abmelden?' });
    await user.click(within(confirm).getByRole('button', { name: 'Abmelden' }));
    await waitFor(() =>
      expect(
        callsTo('DELETE', `/api/admin/arcades/berlin/devices/arena-1/players/${NOVA}`),
      ).toHaveLength(1),
    );
    expect(await within(await card('Arena 1')).findByText('Jetzt darauf: 0 Spieler')).toBeVisible();
  });

  it('a retired arcade: no new device, and its disabled devices stay disabled', async () => {
    await renderDevices([arena, racer], adminArcade({ retiredAt: '2026-11-26T12:00:00.000Z' }));
    expect(
      await screen.findByText(
        'Diese Spielhalle ist stillgelegt: ihre Geräte bleiben gesperrt, neue kommen nicht dazu.',
      ),
    ).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Arena 1 sperren' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Neues Gerät' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Racer 2 entsperren' })).toBeNull();
    // Its devices are not to be set up again: no new key, no sign to print.
    expect(screen.queryByRole('button', { name: /^Neuer Schlüssel/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^QR-Schild/ })).toBeNull();
  });

  it("the server refusing a retired arcade's device says so", async () => {
    const { user } = await renderDevices();
    server.use(adminHandlers.enableDevice(apiError(409, 'arcade_retired', 'retired')));
    await user.click(await screen.findByRole('button', { name: 'Racer 2 entsperren' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.title)).toEqual([
        'Diese Spielhalle ist stillgelegt: ihre Geräte bleiben gesperrt, neue kommen nicht dazu.',
      ]),
    );
  });

  it("a failed action says why in the console's words", async () => {
    const { user } = await renderDevices();
    server.use(adminHandlers.disableDevice(apiError(404, 'not_found', 'No such device')));
    await user.click(await screen.findByRole('button', { name: 'Arena 1 sperren' }));
    const confirm = screen.getByRole('dialog', { name: 'Arena 1 sperren?' });
    await user.click(within(confirm).getByRole('button', { name: 'Sperren' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.title)).toEqual([
        'Das gibt es nicht mehr – vielleicht hat es gerade jemand geändert. Bitte lade die Seite neu.',
      ]),
    );
  });

  it.each(['pdf', 'png'] as const)(
    'prints the QR sign as %s: fetched with the token, saved as a file',
    async (format) => {
      const createObjectURL = vi.fn((_blob: Blob) => `blob:sign-${format}`);
      Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
      const clicked: HTMLAnchorElement[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        clicked.push(this);
      });
      const type = format === 'pdf' ? 'application/pdf' : 'image/png';
      server.use(adminHandlers.getDeviceSign({ body: new Blob(['%SIGN'], { type }) }));
      const { user } = await renderDevices();
      await user.click(
        await screen.findByRole('button', {
          name: `QR-Schild von Arena 1 als ${format.toUpperCase()}`,
        }),
      );
      await waitFor(() => expect(clicked).toHaveLength(1));
      const [call] = callsTo('GET', '/api/admin/arcades/berlin/devices/arena-1/sign');
      expect(call!.query.get('format')).toBe(format);
      expect(call!.authorization).toBe('Bearer operator-token');
      expect(createObjectURL.mock.calls[0]![0].type).toBe(type);
      expect(clicked[0]!.download).toBe(`berlin-arena-1-sign.${format}`);
      expect(clicked[0]!.getAttribute('href')).toBe(`blob:sign-${format}`);
    },
  );

  it('a sign that cannot be had says why', async () => {
    server.use(adminHandlers.getDeviceSign(networkError()));
    const { user } = await renderDevices();
    await user.click(await screen.findByRole('button', { name: 'QR-Schild von Arena 1 als PDF' }));
    await waitFor(() =>
      expect(getToasts().map((t) => [t.title, t.description])).toEqual([
        [
          'Das Schild konnte nicht geladen werden.',
          'Der Server ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.',
        ],
      ]),
    );
  });
});
