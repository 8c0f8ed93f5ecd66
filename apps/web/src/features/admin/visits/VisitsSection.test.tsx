import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminVisit } from '@arcadia/contracts';
import { getToasts } from '../../../components/ui/toast-store';
import { apiError, callsTo, handlers, server } from '../../../testing/api';
import { adminHandlers } from '../../../testing/admin-api';
import { adminArcade, staffOperator } from '../../../testing/admin-factories';
import { adminVisit, playerHandlers } from '../../../testing/admin-players-api';
import { BLAZE } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';
import { signedInStore } from '../../../testing/store';
import { Component as AdminConsole } from '../AdminConsole';
import { pickerHandlers } from '../shell/testing';

const DAY = '2026-11-20';
const met = adminVisit({
  id: 'cccccccc-0000-4000-8000-000000000002',
  visitedAt: `${DAY}T16:00:00.000Z`,
  userName: 'Nova',
  recordedBy: null,
  met: { id: BLAZE, userName: 'Blaze' },
});
const older = adminVisit({
  id: 'cccccccc-0000-4000-8000-000000000003',
  visitedAt: `${DAY}T09:00:00.000Z`,
  userName: 'EarlyBird',
});

async function renderVisits(path: string) {
  const recorded: AdminVisit[] = [];
  server.use(
    adminHandlers.getOperator({ body: staffOperator() }),
    adminHandlers.getAdminArcades({ body: { arcades: [adminArcade()] } }),
    playerHandlers.getVisits(({ query }) => ({
      body: query.get('before')
        ? { day: DAY, timeZone: 'Europe/Berlin', visits: [older], next: null }
        : {
            day: query.get('day') ?? DAY,
            timeZone: 'Europe/Berlin',
            visits: query.get('day') === DAY ? [adminVisit(), met] : recorded,
            next: query.get('day') === DAY ? met.id : null,
          },
    })),
    playerHandlers.recordVisit(({ body }) => {
      const visit = adminVisit({
        id: 'cccccccc-0000-4000-8000-000000000009',
        userId: body.userId,
        userName: 'Blaze',
        visitedAt: new Date().toISOString(),
      });
      recorded.push(visit);
      return { status: 201, body: visit };
    }),
    pickerHandlers.findPlayers({ body: { data: [{ id: BLAZE, name: 'Blaze' }] } }),
  );
  const store = await signedInStore();
  const view = await renderApp([{ path: '/admin/*', Component: AdminConsole }], {
    path,
    store,
    toaster: false,
  });
  await screen.findByRole('heading', { level: 2 }, { timeout: 10_000 });
  return view;
}

describe('/admin/visits', () => {
  it('lists the visits of the day, who recorded them, page by page', async () => {
    const { user, router } = await renderVisits(`/admin/visits?arcade=berlin&day=${DAY}`);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Besuche · Arcadia Berlin' }),
    ).toBeVisible();
    const rick = await screen.findByRole('link', { name: 'RudeRick' });
    expect(rick).toHaveAttribute(
      'href',
      '/admin/players/bbbbbbbb-0000-4000-8000-000000000001?arcade=berlin',
    );
    expect(screen.getByText('Eingetragen von Flynn')).toBeVisible();
    expect(screen.getByText('Hat Blaze getroffen (Karte gescannt)')).toBeVisible();
    expect(callsTo('GET', '/api/admin/arcades/berlin/visits')[0]!.query.get('day')).toBe(DAY);
    await user.click(screen.getByRole('button', { name: 'Ältere Besuche laden' }));
    expect(await screen.findByRole('link', { name: 'EarlyBird' })).toBeVisible();
    expect(callsTo('GET', '/api/admin/arcades/berlin/visits').at(-1)!.query.get('before')).toBe(
      met.id,
    );
    await user.click(screen.getByRole('button', { name: 'Vorheriger Tag' }));
    expect(router.state.location.search).toBe('?arcade=berlin&day=2026-11-19');
    expect(await screen.findByText('An diesem Tag gab es keine Besuche.')).toBeVisible();
  });

  it('records a visit of a player found by name; a player must be picked', async () => {
    const { user, router } = await renderVisits(`/admin/visits?arcade=berlin&day=${DAY}`);
    const form = await screen.findByRole('form', { name: 'Besuch eintragen' });
    await user.click(within(form).getByRole('button', { name: 'Besuch eintragen' }));
    expect(within(form).getByLabelText('Spieler suchen')).toHaveAccessibleDescription(
      expect.stringContaining('Bitte einen Spieler aus der Liste wählen.'),
    );
    expect(callsTo('POST', '/api/admin/arcades/berlin/visits')).toHaveLength(0);
    await user.type(within(form).getByLabelText('Spieler suchen'), 'Bla');
    await user.click(await within(form).findByRole('button', { name: 'Blaze' }));
    await user.click(within(form).getByRole('button', { name: 'Besuch eintragen' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/admin/arcades/berlin/visits')[0]?.body).toEqual({
        userId: BLAZE,
      }),
    );
    // Back on today, where the new visit is listed.
    await waitFor(() => expect(router.state.location.search).toBe('?arcade=berlin'));
    expect(await screen.findByRole('link', { name: 'Blaze' })).toBeVisible();
    expect(getToasts().map((t) => t.title)).toContain('Der Besuch von Blaze ist eingetragen.');
  });

  it("finds a friends-only player the app's public search hides, with the console's search", async () => {
    const sam = 'dddddddd-0000-4000-8000-000000000016';
    const { user } = await renderVisits(`/admin/visits?arcade=berlin&day=${DAY}`);
    // As the server answers: Sam is under 16, his profile shown to friends only.
    server.use(
      handlers.searchUsers({ body: { data: [] } }),
      pickerHandlers.findPlayers(({ query }) => ({
        body: { data: query.get('q')?.toLowerCase() === 'sam' ? [{ id: sam, name: 'Sam' }] : [] },
      })),
    );
    const form = await screen.findByRole('form', { name: 'Besuch eintragen' });
    await user.type(within(form).getByLabelText('Spieler suchen'), 'sam');
    await user.click(await within(form).findByRole('button', { name: 'Sam' }));
    expect(within(form).queryByText('Kein Spieler mit diesem Namen.')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Besuch eintragen' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/admin/arcades/berlin/visits')[0]?.body).toEqual({
        userId: sam,
      }),
    );
    expect(callsTo('GET', '/api/admin/players/find')[0]!.query.get('q')).toBe('sam');
    expect(callsTo('GET', '/api/user')).toHaveLength(0);
  });

  it.each([
    [
      'naming the player',
      [{ path: 'userId', message: 'is not a known player' }],
      'Diesen Spieler gibt es nicht (mehr). Bitte such ihn noch einmal.',
    ],
    [
      'naming something else',
      [{ path: 'arcadeId', message: 'Invalid' }],
      'Der Server hat die Angaben so nicht angenommen. Bitte prüfe sie und versuche es noch einmal.',
    ],
    [
      'naming nothing',
      undefined,
      'Der Server hat die Angaben so nicht angenommen. Bitte prüfe sie und versuche es noch einmal.',
    ],
  ])('a refused visit (400 %s) says why', async (_, details, message) => {
    const { user } = await renderVisits(`/admin/visits?arcade=berlin&day=${DAY}`);
    server.use(playerHandlers.recordVisit(apiError(400, 'bad_request', 'Refused', details)));
    const form = await screen.findByRole('form', { name: 'Besuch eintragen' });
    await user.type(within(form).getByLabelText('Spieler suchen'), 'Bla');
    await user.click(await within(form).findByRole('button', { name: 'Blaze' }));
    await user.click(within(form).getByRole('button', { name: 'Besuch eintragen' }));
    await waitFor(() => expect(getToasts().map((t) => t.title)).toEqual([message]));
  });
});
