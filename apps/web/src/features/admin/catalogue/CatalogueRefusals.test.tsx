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
});
