import { screen, waitFor, within } from '@testing-library/react';
import type { HttpHandler } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { getToasts } from '../../../components/ui/toast-store';
import { apiError, server } from '../../../testing/api';
import { adminHandlers } from '../../../testing/admin-api';
import { adminArcade, operator } from '../../../testing/admin-factories';
import { adminPlayer, playerHandlers } from '../../../testing/admin-players-api';
import { renderApp } from '../../../testing/render-app';
import { signedInStore } from '../../../testing/store';
import { Component as AdminConsole } from '../AdminConsole';

const rick = adminPlayer();
const PAGE = `/admin/players/${rick.id}?arcade=berlin`;

/** The console on Rick's page, the player's routes answering as `handlers` say. */
async function renderPlayer(handlers: HttpHandler[], lang: 'de' | 'en' = 'de') {
  server.use(
    adminHandlers.getOperator({ body: operator() }),
    adminHandlers.getAdminArcades({ body: { arcades: [adminArcade()] } }),
    playerHandlers.getPlayer({ body: rick }),
    ...handlers,
  );
  const view = await renderApp([{ path: '/admin/*', Component: AdminConsole }], {
    path: PAGE,
    store: await signedInStore(),
    toaster: false,
    lang,
  });
  // The section's code loads on first use (slow on the first test of the file).
  await screen.findByRole('heading', { level: 2, name: 'RudeRick' }, { timeout: 10_000 });
  return view;
}

/** Opens the rename dialog and saves `name`. */
async function rename(view: Awaited<ReturnType<typeof renderPlayer>>, name: string) {
  await view.user.click(screen.getByRole('button', { name: 'Umbenennen' }));
  const dialog = screen.getByRole('dialog', { name: 'RudeRick umbenennen' });
  const field = within(dialog).getByLabelText('Neuer Benutzername');
  await view.user.clear(field);
  await view.user.type(field, name);
  await view.user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
  return { dialog, field };
}

/** Opens the suspend dialog and confirms with `reason`. */
async function suspend(view: Awaited<ReturnType<typeof renderPlayer>>, reason: string) {
  await view.user.click(screen.getByRole('button', { name: 'Sperren' }));
  const dialog = screen.getByRole('dialog', { name: 'RudeRick sperren?' });
  const field = within(dialog).getByLabelText('Grund');
  if (reason) await view.user.type(field, reason);
  await view.user.click(within(dialog).getByRole('button', { name: 'Sperren' }));
  return { dialog, field };
}

// The section's code loads lazily on first use; load it once here, not inside the first test.
beforeAll(async () => {
  await import('./PlayersSection');
});

describe('/admin/players: refused renames and suspensions', () => {
  it.each([
    ['Gast', 'Dieser Name ist für die App reserviert.'],
    ['...', 'Der Name braucht einen Buchstaben oder eine Ziffer.'],
    ['abcdefghijklm', 'Höchstens 12 Zeichen.'],
  ])('the rules are checked before sending: %s', async (name, message) => {
    const view = await renderPlayer([]);
    const { field } = await rename(view, name);
    expect(field).toHaveAccessibleDescription(message);
    await waitFor(() => expect(field).toHaveFocus());
  });

  it('a taken name (409 naming the field) is said at the field, focused', async () => {
    const view = await renderPlayer([
      playerHandlers.renamePlayer(
        apiError(409, 'conflict', 'This user name is already taken', [
          { path: 'userName', message: 'This user name is already taken' },
        ]),
      ),
    ]);
    const { field } = await rename(view, 'NeonNova');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        'Dieser Name ist vergeben oder einem vergebenen zu ähnlich.',
      ),
    );
    await waitFor(() => expect(field).toHaveFocus());
  });

  it("a 400 naming the name is not read by its English text: the console's own words", async () => {
    const view = await renderPlayer([
      playerHandlers.renamePlayer(
        apiError(400, 'validation_failed', 'Invalid body: userName: username is reserved', [
          { path: 'userName', message: 'username is reserved' },
        ]),
      ),
    ]);
    const { dialog, field } = await rename(view, 'Spieler2');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        'Dieser Name wurde nicht angenommen. Bitte wähle einen anderen.',
      ),
    );
    await waitFor(() => expect(field).toHaveFocus());
    expect(dialog).not.toHaveTextContent(/reserviert|reserved/);
  });

  it.each([
    ['names no field of the dialog', [{ path: 'id', message: 'Invalid UUID' }]],
    ['has no details', undefined],
  ])('a rename whose 400 %s says so once, focused', async (_, details) => {
    const view = await renderPlayer([
      playerHandlers.renamePlayer(apiError(400, 'bad_request', 'Invalid params', details)),
    ]);
    const { dialog, field } = await rename(view, 'NiceRick');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Der Spieler konnte so nicht umbenannt werden. Bitte lade die Seite neu und versuche es noch einmal.',
    );
    await waitFor(() => expect(alert).toHaveFocus());
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(getToasts()).toEqual([]);
  });

  it('a reason the server refuses (400 naming it) is said at the reason, focused', async () => {
    const view = await renderPlayer([
      playerHandlers.suspendPlayer(
        apiError(400, 'validation_failed', 'Invalid body: reason: Too long', [
          { path: 'reason', message: 'Too long' },
        ]),
      ),
    ]);
    const { dialog, field } = await suspend(view, 'Spam');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        'Bitte einen Grund angeben (höchstens 500 Zeichen).',
      ),
    );
    await waitFor(() => expect(field).toHaveFocus());
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it.each([
    ['names no field of the dialog', [{ path: 'id', message: 'Invalid UUID' }]],
    ['has no details', undefined],
  ])('a suspension whose 400 %s says so once, focused, not at the reason', async (_, details) => {
    const view = await renderPlayer([
      playerHandlers.suspendPlayer(apiError(400, 'bad_request', 'Invalid params', details)),
    ]);
    const { dialog, field } = await suspend(view, 'Spam');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Der Spieler konnte so nicht gesperrt werden. Bitte lade die Seite neu und versuche es noch einmal.',
    );
    await waitFor(() => expect(alert).toHaveFocus());
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('a missing reason is focused before anything is sent', async () => {
    const view = await renderPlayer([]);
    const { field } = await suspend(view, '');
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('in English: a 400 naming no field of either dialog', async () => {
    const view = await renderPlayer(
      [
        playerHandlers.renamePlayer(apiError(400, 'bad_request', 'Invalid')),
        playerHandlers.suspendPlayer(apiError(400, 'bad_request', 'Invalid')),
      ],
      'en',
    );
    await view.user.click(screen.getByRole('button', { name: 'Rename' }));
    const renaming = screen.getByRole('dialog', { name: 'Rename RudeRick' });
    await view.user.type(within(renaming).getByLabelText('New user name'), '2');
    await view.user.click(within(renaming).getByRole('button', { name: 'Save' }));
    expect(await within(renaming).findByRole('alert')).toHaveTextContent(
      'The player could not be renamed like this. Please reload the page and try again.',
    );
    await view.user.click(within(renaming).getByRole('button', { name: 'Cancel' }));

    await view.user.click(screen.getByRole('button', { name: 'Suspend' }));
    const suspending = screen.getByRole('dialog', { name: 'Suspend RudeRick?' });
    await view.user.type(within(suspending).getByLabelText('Reason'), 'Spam');
    await view.user.click(within(suspending).getByRole('button', { name: 'Suspend' }));
    expect(await within(suspending).findByRole('alert')).toHaveTextContent(
      'The player could not be suspended like this. Please reload the page and try again.',
    );
  });
});
