import { screen, waitFor, within } from '@testing-library/react';
import type { HttpHandler } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError, callsTo, server } from '../../../testing/api';
import { adminHandlers } from '../../../testing/admin-api';
import { adminArcade, adminGame, operator } from '../../../testing/admin-factories';
import { renderApp } from '../../../testing/render-app';
import { signedInStore } from '../../../testing/store';
import { Component as AdminConsole } from '../AdminConsole';

const game = adminGame();
const VOID = `/api/admin/arcades/berlin/games/${game.id}/void`;

/**
 * The console on one game's page, voiding it with `reason`; the void answered by `handler`
 * (with more routes: before the page's own, which they replace).
 */
async function voidWith(
  reason: string,
  handler: HttpHandler | HttpHandler[],
  lang: 'de' | 'en' = 'de',
) {
  server.use(
    ...[handler].flat(),
    adminHandlers.getOperator({ body: operator() }),
    adminHandlers.getAdminArcades({ body: { arcades: [adminArcade()] } }),
    adminHandlers.getGame({ body: game }),
  );
  const { user } = await renderApp([{ path: '/admin/*', Component: AdminConsole }], {
    path: `/admin/games/${game.id}?arcade=berlin`,
    store: await signedInStore(),
    toaster: false,
    lang,
  });
  const words =
    lang === 'de'
      ? { open: 'Annullieren', title: 'Spiel annullieren?', reason: 'Grund' }
      : { open: 'Void', title: 'Void the game?', reason: 'Reason' };
  // The section's code loads on first use (slow on the first test of the file).
  await user.click(await screen.findByRole('button', { name: words.open }, { timeout: 10_000 }));
  const dialog = screen.getByRole('dialog', { name: words.title });
  const field = within(dialog).getByLabelText(words.reason);
  if (reason) await user.type(field, reason);
  await user.click(within(dialog).getByRole('button', { name: words.open }));
  return { dialog, field };
}

// The section's code loads lazily on first use; load it once here, not inside the first test.
beforeAll(async () => {
  await import('./GamesSection');
});

describe('/admin/games: a refused void', () => {
  it('a missing reason is said and focused before anything is sent', async () => {
    const { field } = await voidWith('', adminHandlers.voidGame({ body: game }));
    expect(field).toHaveAccessibleDescription('Bitte einen Grund angeben (höchstens 500 Zeichen).');
    await waitFor(() => expect(field).toHaveFocus());
    expect(callsTo('POST', VOID)).toHaveLength(0);
  });

  it('a 400 naming the reason is said at the reason, focused', async () => {
    const { dialog, field } = await voidWith(
      'Testlauf',
      adminHandlers.voidGame(
        apiError(400, 'validation_failed', 'Invalid body: reason: Too long', [
          { path: 'reason', message: 'Too long' },
        ]),
      ),
    );
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        'Bitte einen Grund angeben (höchstens 500 Zeichen).',
      ),
    );
    await waitFor(() => expect(field).toHaveFocus());
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it.each([
    ['names no field of the dialog', [{ path: 'gameId', message: 'Invalid UUID' }]],
    ['has no details', undefined],
  ])('a 400 that %s says so once, focused, not at the reason', async (_, details) => {
    const { dialog, field } = await voidWith(
      'Testlauf',
      adminHandlers.voidGame(apiError(400, 'bad_request', 'Invalid params', details)),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Das Spiel konnte so nicht annulliert werden. Bitte lade die Seite neu und versuche es noch einmal.',
    );
    await waitFor(() => expect(alert).toHaveFocus());
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(dialog).not.toHaveTextContent('Invalid');
  });

  it('in English', async () => {
    const { dialog } = await voidWith(
      'Test run',
      adminHandlers.voidGame(apiError(400, 'bad_request', 'Invalid params')),
      'en',
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The game could not be voided like this. Please reload the page and try again.',
    );
  });

  it('voided meanwhile (409): said, and the focus goes to the status the page shows now', async () => {
    let voided = false;
    await voidWith('Testlauf', [
      adminHandlers.voidGame(() => {
        voided = true;
        return apiError(409, 'conflict', 'Already voided');
      }),
      adminHandlers.getGame(() => ({
        body: voided
          ? { ...game, voidedAt: '2026-11-26T19:00:00.000Z', voidReason: 'Doppelt' }
          : game,
      })),
    ]);
    const status = await screen.findByText('Grund: Doppelt');
    expect(status).toHaveAttribute('role', 'status');
    await waitFor(() => expect(status).toHaveFocus());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
