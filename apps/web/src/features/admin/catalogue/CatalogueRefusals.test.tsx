import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, server } from '../../../testing/api';
import { catalogueHandlers as api } from '../../../testing/catalogue-api';
import { renderCatalogue, serve } from './testing';

async function openNewGame() {
  serve();
  const view = await renderCatalogue();
  await view.user.click(screen.getByRole('button', { name: 'Spiel hinzufügen' }));
  const dialog = await screen.findByRole('dialog', { name: 'Neues Spiel' });
  await view.user.type(within(dialog).getByLabelText(/^ID/), 'pong');
  await view.user.type(within(dialog).getByLabelText('Name'), 'Pong');
  await view.user.type(within(dialog).getByLabelText('Beschreibung (Deutsch)'), 'Ein Klassiker.');
  await view.user.type(within(dialog).getByLabelText('Beschreibung (Englisch)'), 'A classic.');
  return { ...view, dialog, save: 'Speichern' };
}

describe('a refused catalogue save', () => {
  it('naming no field of the dialog says so once, focused, with nothing marked', async () => {
    const { user, dialog, save } = await openNewGame();
    server.use(
      api.createApplication(
        apiError(400, 'bad_request', 'Invalid body', [{ path: 'body', message: 'body is odd' }]),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: save }));
    const general = await within(dialog).findByText('Die Angaben passen nicht; bitte prüfen.');
    expect(general).toHaveFocus();
    expect(within(dialog).queryByText('Bitte prüfe die markierten Felder.')).toBeNull();
    expect(within(dialog).queryByText(/body is odd/)).toBeNull();
    expect(dialog.querySelector('[aria-invalid="true"]')).toBeNull();
  });

  it('naming a field marks it and puts the focus on it', async () => {
    const { user, dialog, save } = await openNewGame();
    server.use(
      api.createApplication(
        apiError(400, 'bad_request', 'Invalid body', [{ path: 'name', message: 'bad name' }]),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: save }));
    expect(await within(dialog).findByText('Der Name braucht 1 bis 80 Zeichen.')).toBeVisible();
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
  });

  // Editing, the id (a game's, a mode's rule set, a map's id and game) is not a field: a 400
  // naming it is about the request (the path), said once, not "check the marked fields".
  it.each([
    [
      'a game',
      'Bearbeiten: Commando',
      'Spiel „Commando“ bearbeiten',
      () => api.updateApplication,
      ['id'],
    ],
    [
      'a mode',
      'Bearbeiten: Eliminierung',
      'Modus „Eliminierung“ bearbeiten',
      () => api.updateMode,
      ['id'],
    ],
    [
      'a map',
      'Bearbeiten: Neon Docks',
      'Karte „Neon Docks“ bearbeiten',
      () => api.updateMap,
      ['id', 'applicationId'],
    ],
  ])(
    'editing %s, a 400 naming only fields it does not show says so once, focused',
    async (_, edit, title, handler, paths) => {
      serve();
      const { user } = await renderCatalogue();
      server.use(
        handler()(
          apiError(
            400,
            'bad_request',
            'Invalid params',
            paths.map((path) => ({ path, message: 'Invalid' })),
          ),
        ),
      );
      if (edit.endsWith('Neon Docks'))
        await user.click(screen.getByRole('tab', { name: 'Karten' }));
      await user.click(screen.getByRole('button', { name: edit }));
      const dialog = await screen.findByRole('dialog', { name: title });
      await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
      const general = await within(dialog).findByText('Die Angaben passen nicht; bitte prüfen.');
      expect(general).toHaveFocus();
      expect(within(dialog).queryByText('Bitte prüfe die markierten Felder.')).toBeNull();
      expect(dialog.querySelector('[aria-invalid="true"]')).toBeNull();
    },
  );
});
