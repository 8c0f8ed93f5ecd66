import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import type { HttpHandler } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminDevice, OperatorInfo } from '@arcadia/contracts';
import { getToasts } from '../../../components/ui/toast-store';
import { setAccessTokenProvider } from '../../../lib/auth/token';
import { apiError, callsTo, server } from '../../../testing/api';
import { adminHandlers } from '../../../testing/admin-api';
import {
  adminApplication,
  adminArcade,
  adminDevice,
  operator,
  staffOperator,
} from '../../../testing/admin-factories';
import { catalogueHandlers } from '../../../testing/catalogue-api';
import { renderApp } from '../../../testing/render-app';
import { signedInStore } from '../../../testing/store';
import { Component as AdminConsole } from '../AdminConsole';

const KEY = 'dk_live_0123456789abcdefghijklmnopqrstuv';
const CREATE = '/api/admin/arcades/berlin/devices';
const games = [
  adminApplication(),
  adminApplication({ id: 'pong', name: 'Pong Deluxe' }),
  adminApplication({ id: 'air-hockey', name: 'Air Hockey' }),
];

/** The console on /admin/devices with the new device dialog open. */
async function openDialog({
  devices = [],
  who = operator(),
  lang = 'de',
  handlers = [],
}: {
  devices?: AdminDevice[];
  who?: OperatorInfo;
  lang?: 'de' | 'en';
  /** Handlers that win over the defaults. */
  handlers?: HttpHandler[];
} = {}) {
  const state = { devices: [...devices] };
  // In one server.use the first handler that matches answers: the test's own come first.
  server.use(
    ...handlers,
    adminHandlers.getOperator({ body: who }),
    adminHandlers.getAdminArcades({ body: { arcades: [adminArcade()] } }),
    adminHandlers.getDevices(() => ({ body: { devices: state.devices } })),
    adminHandlers.createDevice(({ body }) => {
      const device = adminDevice({ ...body, online: false, lastHeartbeatAt: null });
      state.devices.push(device);
      return { status: 201, body: { device, key: KEY } };
    }),
    catalogueHandlers.getApplications({ body: { applications: games } }),
  );
  const store = await signedInStore();
  const view = await renderApp([{ path: '/admin/*', Component: AdminConsole }], {
    path: '/admin/devices?arcade=berlin',
    store,
    toaster: false,
    lang,
  });
  const open = lang === 'de' ? 'Neues Gerät' : 'New device';
  // The section's code loads on first use (slow on the first test of the file).
  await view.user.click(await screen.findByRole('button', { name: open }, { timeout: 10_000 }));
  return { ...view, form: screen.getByRole('dialog', { name: open }) };
}

beforeEach(() => {
  setAccessTokenProvider(async () => 'operator-token');
});
afterEach(() => {
  setAccessTokenProvider(async () => null);
});

// The section's code loads lazily on first use; load it once here, not inside the first test.
beforeAll(async () => {
  await import('./DevicesSection');
});

describe('/admin/devices: a new device', () => {
  it('creates a device and shows its key once, with a copy button', async () => {
    const { user, form } = await openDialog();
    await user.type(within(form).getByLabelText('Kennung'), 'arena-3');
    await user.type(within(form).getByLabelText('Name'), 'Arena 3');
    await user.type(within(form).getByLabelText('Plätze'), '6');
    await user.click(within(form).getByRole('button', { name: 'Gerät anlegen' }));
    await waitFor(() =>
      expect(callsTo('POST', CREATE)[0]?.body).toEqual({
        id: 'arena-3',
        name: 'Arena 3',
        capacity: 6,
      }),
    );
    const shown = await screen.findByRole('dialog', { name: 'Arena 3 ist angelegt' });
    expect(shown).toHaveAccessibleDescription(
      'Dieser Geräteschlüssel wird nur dieses eine Mal angezeigt.',
    );
    expect(within(shown).getByText(KEY)).toBeVisible();
    await user.click(within(shown).getByRole('button', { name: 'Schlüssel kopieren' }));
    expect(await navigator.clipboard.readText()).toBe(KEY);
    expect(within(shown).getByRole('button', { name: 'Kopiert' })).toBeVisible();
    await user.click(within(shown).getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect(screen.queryByText(KEY)).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'Arena 3' })).toBeVisible();
  });

  it("offers the catalogue's games by name (staff read them) and sends the id; the arcade's kinds as suggestions", async () => {
    const { user, form } = await openDialog({
      who: staffOperator(),
      devices: [
        adminDevice({ kind: 'laser-tag' }),
        adminDevice({ id: 'racer-1', name: 'Racer 1', kind: 'racing' }),
        adminDevice({ id: 'arena-2', name: 'Arena 2', kind: 'laser-tag' }),
      ],
    });
    const game = within(form).getByRole('combobox', { name: 'Spiel' });
    await waitFor(() =>
      expect(
        within(game)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Standard (Commando)', 'Air Hockey', 'Commando', 'Pong Deluxe']),
    );
    expect(callsTo('GET', '/api/admin/applications')).toHaveLength(1);
    const kind = within(form).getByRole('combobox', { name: 'Art' });
    const suggestions = document.getElementById(kind.getAttribute('list')!)!;
    expect([...suggestions.querySelectorAll('option')].map((o) => o.value)).toEqual([
      'laser-tag',
      'racing',
    ]);

    await user.type(within(form).getByLabelText('Kennung'), 'pong-1');
    await user.type(within(form).getByLabelText('Name'), 'Pong 1');
    await user.type(kind, 'retro');
    await user.selectOptions(game, 'Pong Deluxe');
    await user.click(within(form).getByRole('button', { name: 'Gerät anlegen' }));
    await waitFor(() =>
      expect(callsTo('POST', CREATE)[0]?.body).toEqual({
        id: 'pong-1',
        name: 'Pong 1',
        kind: 'retro',
        applicationId: 'pong',
      }),
    );
  });

  it('without the catalogue the device gets the default game, and the field says why', async () => {
    const { user, form } = await openDialog({
      handlers: [catalogueHandlers.getApplications(apiError(503, 'database_unavailable', 'down'))],
    });
    const game = within(form).getByRole('combobox', { name: 'Spiel' });
    await waitFor(() =>
      expect(game).toHaveAccessibleDescription(
        'Die Spiele des Katalogs konnten nicht geladen werden; ohne Wahl bekommt das Gerät das Standardspiel.',
      ),
    );
    expect(
      within(game)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Standard (commando)']);
    await user.type(within(form).getByLabelText('Kennung'), 'arena-3');
    await user.type(within(form).getByLabelText('Name'), 'Arena 3');
    await user.click(within(form).getByRole('button', { name: 'Gerät anlegen' }));
    await waitFor(() =>
      expect(callsTo('POST', CREATE)[0]?.body).toEqual({ id: 'arena-3', name: 'Arena 3' }),
    );
  });

  it('shows what is wrong in the new device and focuses it, and a taken id', async () => {
    const { user, form } = await openDialog();
    await user.type(within(form).getByLabelText('Kennung'), 'arena 3');
    await user.type(within(form).getByLabelText('Plätze'), '99');
    await user.click(within(form).getByRole('button', { name: 'Gerät anlegen' }));
    expect(within(form).getByLabelText('Kennung')).toHaveAccessibleDescription(
      expect.stringContaining('Die Kennung braucht 1 bis 64 Buchstaben'),
    );
    expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription(
      'Der Name braucht 1 bis 80 sichtbare Zeichen, ohne Steuerzeichen.',
    );
    expect(within(form).getByLabelText('Plätze')).toHaveAccessibleDescription(
      expect.stringContaining('Bitte eine ganze Zahl von 1 bis 32.'),
    );
    await waitFor(() => expect(within(form).getByLabelText('Kennung')).toHaveFocus());
    expect(callsTo('POST', CREATE)).toHaveLength(0);

    server.use(adminHandlers.createDevice(apiError(409, 'conflict', 'exists')));
    await user.clear(within(form).getByLabelText('Kennung'));
    await user.type(within(form).getByLabelText('Kennung'), 'arena-1');
    await user.type(within(form).getByLabelText('Name'), 'Doppelt');
    await user.clear(within(form).getByLabelText('Plätze'));
    await user.click(within(form).getByRole('button', { name: 'Gerät anlegen' }));
    expect(
      await within(form).findByText('Diese Kennung gibt es in der Spielhalle schon.'),
    ).toBeVisible();
    await waitFor(() => expect(within(form).getByLabelText('Kennung')).toHaveFocus());

    server.use(
      adminHandlers.createDevice(
        apiError(409, 'device_name_taken', 'named so already', [
          { path: 'name', message: 'taken by another device of the arcade' },
        ]),
      ),
    );
    await user.clear(within(form).getByLabelText('Kennung'));
    await user.type(within(form).getByLabelText('Kennung'), 'arena-9');
    await user.click(within(form).getByRole('button', { name: 'Gerät anlegen' }));
    expect(within(form).getByLabelText('Kennung')).not.toHaveAccessibleDescription(
      expect.stringContaining('schon'),
    );
    await waitFor(() =>
      expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription(
        'Ein Gerät mit diesem Namen gibt es in der Spielhalle schon.',
      ),
    );
    await waitFor(() => expect(within(form).getByLabelText('Name')).toHaveFocus());
  });

  it("a 400 marks the fields it names in the console's words and focuses the first", async () => {
    const { user, form } = await openDialog({
      handlers: [
        adminHandlers.createDevice(
          apiError(400, 'validation_failed', 'Invalid body: kind: Too long', [
            { path: 'applicationId', message: 'applicationId must be a lowercase slug' },
            { path: 'kind', message: 'Too long' },
          ]),
        ),
      ],
      devices: [adminDevice({ kind: 'laser-tag' })],
    });
    await user.type(within(form).getByLabelText('Kennung'), 'arena-3');
    await user.type(within(form).getByLabelText('Name'), 'Arena 3');
    await user.type(within(form).getByLabelText('Art'), 'arena');
    await user.click(within(form).getByRole('button', { name: 'Gerät anlegen' }));
    const kind = within(form).getByLabelText('Art');
    await waitFor(() => expect(kind).toHaveFocus());
    expect(kind).toHaveAccessibleDescription(
      'Optional. Die Art darf höchstens 40 Zeichen haben, ohne Steuerzeichen.',
    );
    expect(within(form).getByRole('combobox', { name: 'Spiel' })).toHaveAccessibleDescription(
      expect.stringContaining('Dieses Spiel wurde nicht angenommen.'),
    );
    expect(within(form).getByRole('alert')).toHaveTextContent('Bitte prüfe die markierten Felder.');
    expect(form).not.toHaveTextContent(/lowercase|Too long/);
    // The marked dialog, its select and suggestions pass axe (jsdom: no colour contrast).
    const checked = await axe.run(form, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      checked.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`),
    ).toEqual([]);
  });

  it.each([
    ['names no field of the form', [{ path: 'body', message: 'Expected object' }]],
    ['has no details', undefined],
  ])('a 400 that %s says so once, focused, and marks nothing', async (_, details) => {
    const { user, form } = await openDialog({
      handlers: [adminHandlers.createDevice(apiError(400, 'bad_request', 'Invalid body', details))],
    });
    await user.type(within(form).getByLabelText('Kennung'), 'arena-3');
    await user.type(within(form).getByLabelText('Name'), 'Arena 3');
    await user.click(within(form).getByRole('button', { name: 'Gerät anlegen' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Das Gerät konnte so nicht angelegt werden. Bitte prüfe deine Angaben und versuche es noch einmal.',
    );
    await waitFor(() => expect(alert).toHaveFocus());
    expect(form.querySelector('[aria-invalid="true"]')).toBeNull();
    expect(form).not.toHaveTextContent(/markierten Felder|Invalid body/);
  });

  it('in English: a 400 naming no field, and the default game', async () => {
    const { user, form } = await openDialog({
      lang: 'en',
      handlers: [adminHandlers.createDevice(apiError(400, 'bad_request', 'Invalid body'))],
    });
    const game = within(form).getByRole('combobox', { name: 'Game' });
    await waitFor(() =>
      expect(within(game).getAllByRole('option')[0]).toHaveTextContent('Default (Commando)'),
    );
    await user.type(within(form).getByLabelText('Id'), 'arena-3');
    await user.type(within(form).getByLabelText('Name'), 'Arena 3');
    await user.click(within(form).getByRole('button', { name: 'Create device' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The device could not be created like this. Please check what you entered and try again.',
    );
  });

  it('a new device refused because the arcade was retired meanwhile says so, not "id taken"', async () => {
    const { user, form } = await openDialog({
      handlers: [
        adminHandlers.createDevice(
          apiError(409, 'arcade_retired', 'The arcade "berlin" is retired'),
        ),
      ],
    });
    await user.type(within(form).getByLabelText('Kennung'), 'arena-3');
    await user.type(within(form).getByLabelText('Name'), 'Arena 3');
    await user.click(within(form).getByRole('button', { name: 'Gerät anlegen' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.title)).toEqual([
        'Diese Spielhalle ist stillgelegt: ihre Geräte bleiben gesperrt, neue kommen nicht dazu.',
      ]),
    );
    expect(within(form).getByLabelText('Kennung')).not.toHaveAttribute('aria-invalid');
    expect(document.body).not.toHaveTextContent('is retired');
  });
});
