import { screen, waitFor, within } from '@testing-library/react';
import type { HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminPlayer, OperatorInfo } from '@arcadia/contracts';
import { getToasts } from '../../../components/ui/toast-store';
import { apiError, callsTo, networkError, server } from '../../../testing/api';
import { adminHandlers } from '../../../testing/admin-api';
import { adminArcade, operator, staffOperator } from '../../../testing/admin-factories';
import { adminPlayer, playerHandlers } from '../../../testing/admin-players-api';
import { renderApp } from '../../../testing/render-app';
import { signedInStore } from '../../../testing/store';
import { Component as AdminConsole } from '../AdminConsole';

const rick = adminPlayer({
  recentGames: [
    {
      id: 'aaaaaaaa-0000-4000-8000-000000000001',
      type: 'elimination',
      modeName: { de: 'Eliminierung', en: 'Elimination' },
      map: { id: 'neon-docks', name: 'Neon Docks', iconPath: '/assets/maps/neon-docks.svg' },
      userHasWon: true,
      score: 900,
      kills: 5,
      deaths: 2,
      playedAt: '2026-11-20T18:30:00.000Z',
      durationSeconds: 300,
      arcade: 'berlin',
      players: [],
      teamNames: [],
    },
  ],
});
const summary = (p: AdminPlayer) => ({
  id: p.id,
  userName: p.userName,
  role: p.role,
  claimed: p.claimed,
  suspendedAt: p.suspendedAt,
  createdAt: p.createdAt,
});

async function renderPlayers(
  path: string,
  who: OperatorInfo = operator(),
  more: HttpHandler[] = [],
  lang: 'de' | 'en' = 'de',
) {
  let player = rick;
  server.use(
    adminHandlers.getOperator({ body: who }),
    adminHandlers.getAdminArcades({ body: { arcades: [adminArcade()] } }),
    playerHandlers.getPlayers(({ query }) => ({
      body: {
        players: query.get('q') === 'nobody' ? [] : [summary(player)],
        page: Number(query.get('page') ?? 1),
        hasMore: query.get('page') === '1',
      },
    })),
    playerHandlers.getPlayer(() => ({ body: player })),
    playerHandlers.renamePlayer(({ body }) => {
      player = { ...player, userName: body.userName };
      return { body: player };
    }),
    playerHandlers.suspendPlayer(({ body }) => {
      player = { ...player, suspendedAt: '2026-11-20T19:00:00.000Z', suspendedReason: body.reason };
      return { body: player };
    }),
    playerHandlers.unsuspendPlayer(() => {
      player = { ...player, suspendedAt: null, suspendedReason: null };
      return { body: player };
    }),
    playerHandlers.deletePlayer({ body: { success: true } }),
  );
  server.use(...more);
  const store = await signedInStore();
  const view = await renderApp([{ path: '/admin/*', Component: AdminConsole }], {
    path,
    store,
    toaster: false,
    lang,
  });
  // The section's code loads on first use (slow on the first test of the file).
  await screen.findByRole('heading', { level: 2 }, { timeout: 10_000 });
  return view;
}

describe('/admin/players', () => {
  it('searches by name (kept in the URL), pages, and opens a player', async () => {
    const { user, router } = await renderPlayers('/admin/players?arcade=berlin');
    expect(await screen.findByRole('link', { name: /RudeRick/ })).toBeVisible();
    expect(callsTo('GET', '/api/admin/players')[0]!.query.get('q')).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Name (oder ein Teil davon)' }), 'rude');
    await user.click(screen.getByRole('button', { name: 'Suchen' }));
    await waitFor(() => expect(router.state.location.search).toBe('?arcade=berlin&q=rude'));
    expect(callsTo('GET', '/api/admin/players').at(-1)!.query.get('q')).toBe('rude');
    await user.click(await screen.findByRole('button', { name: 'Nächste Seite' }));
    await waitFor(() => expect(router.state.location.search).toBe('?arcade=berlin&q=rude&page=2'));
    expect(await screen.findByText('Seite 2')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Nächste Seite' })).toHaveAttribute(
        'aria-disabled',
        'true',
      ),
    );

    await user.click(screen.getByRole('link', { name: /RudeRick/ }));
    expect(router.state.location.pathname).toBe(`/admin/players/${rick.id}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'RudeRick' })).toBeVisible();
    expect(screen.getByText('E-Mail (Registrierung)').nextSibling).toHaveTextContent(
      'rick@example.org',
    );
    expect(screen.getByText('E-Mail (Anmeldung)')).toBeVisible();
    const games = screen.getByRole('table', { name: 'Letzte Spiele' });
    expect(within(games).getAllByRole('row')[1]).toHaveTextContent(
      'EliminierungNeon Docks900Gewonnen',
    );
    // The arcade by its name, as everywhere in the console, not its id.
    expect(within(games).getAllByRole('row')[1]).toHaveTextContent('Arcadia Berlin');
  });

  it('the pager keeps the keyboard focus when a press reaches the last (or first) page, and a press there fetches nothing', async () => {
    const { user, router } = await renderPlayers('/admin/players?arcade=berlin&q=rude');
    const next = await screen.findByRole('button', { name: 'Nächste Seite' });
    const previous = screen.getByRole('button', { name: 'Vorherige Seite' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    next.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?arcade=berlin&q=rude&page=2'));
    await waitFor(() => expect(next).toHaveAttribute('aria-disabled', 'true'));
    // Not `disabled`, which drops the focus to the page.
    expect(next).toBeEnabled();
    expect(next).toHaveFocus();
    const fetched = callsTo('GET', '/api/admin/players').length;
    await user.keyboard('{Enter}');
    await user.click(next);
    expect(router.state.location.search).toBe('?arcade=berlin&q=rude&page=2');
    expect(callsTo('GET', '/api/admin/players')).toHaveLength(fetched);
    expect(next).toHaveFocus();

    // And back to the first page: 'Vorherige Seite' keeps the focus too.
    expect(previous).not.toHaveAttribute('aria-disabled');
    previous.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?arcade=berlin&q=rude'));
    await waitFor(() => expect(previous).toHaveAttribute('aria-disabled', 'true'));
    expect(previous).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(router.state.location.search).toBe('?arcade=berlin&q=rude');
  });

  it('a page past the last says so and leads back to the first', async () => {
    const { user, router } = await renderPlayers(
      '/admin/players?arcade=berlin&q=rude&page=999',
      operator(),
      [
        playerHandlers.getPlayers(({ query }) => ({
          body: {
            players: query.get('page') === '999' ? [] : [summary(rick)],
            page: Number(query.get('page') ?? 1),
            hasMore: false,
          },
        })),
      ],
    );
    expect(await screen.findByText('Auf Seite 999 sind keine Spieler mehr.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Zur ersten Seite' }));
    expect(router.state.location.search).toBe('?arcade=berlin&q=rude');
  });

  it('says when nobody matches', async () => {
    await renderPlayers('/admin/players?arcade=berlin&q=nobody');
    expect(await screen.findByText('Kein Spieler mit diesem Namen.')).toBeVisible();
  });

  it('renames with the rules of a user name, and shows a taken name', async () => {
    const { user } = await renderPlayers(`/admin/players/${rick.id}?arcade=berlin`);
    await user.click(await screen.findByRole('button', { name: 'Umbenennen' }));
    const dialog = screen.getByRole('dialog', { name: 'RudeRick umbenennen' });
    const field = within(dialog).getByLabelText('Neuer Benutzername');
    await user.clear(field);
    await user.type(field, 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(field).toHaveAccessibleDescription('Mindestens 3 Zeichen.');
    await user.clear(field);
    await user.type(field, 'bad name!');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(field).toHaveAccessibleDescription(
      'Nur Buchstaben, Ziffern, Punkt, Bindestrich und Unterstrich.',
    );
    expect(callsTo('PUT', `/api/admin/players/${rick.id}/name`)).toHaveLength(0);

    server.use(
      playerHandlers.renamePlayer(
        apiError(409, 'conflict', 'This user name is already taken', [
          { path: 'userName', message: 'This user name is already taken' },
        ]),
        { id: rick.id },
      ),
    );
    await user.clear(field);
    await user.type(field, 'NeonNova');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        'Dieser Name ist vergeben oder einem vergebenen zu ähnlich.',
      ),
    );
    server.resetHandlers();
  });

  /** Rick with 4 games, 1 won, 12 kills and 7 deaths. */
  const rickWithStatistics = () =>
    playerHandlers.getPlayer({
      body: {
        ...rick,
        statistics: {
          ...rick.statistics,
          gamesPlayed: 4,
          gamesWon: 1,
          overallKills: 12,
          overallDeaths: 7,
        },
      },
    });

  it('names deaths "Deaths" in the statistics line, as the profile and the match page do', async () => {
    await renderPlayers(`/admin/players/${rick.id}?arcade=berlin`, operator(), [
      rickWithStatistics(),
    ]);
    expect(await screen.findByText('4 Spiele, 1 gewonnen · 12 Kills, 7 Deaths')).toBeVisible();
  });

  it('in English the statistics line says kills, as the table does', async () => {
    await renderPlayers(
      `/admin/players/${rick.id}?arcade=berlin`,
      operator(),
      [rickWithStatistics()],
      'en',
    );
    expect(await screen.findByText('4 games, 1 won · 12 kills, 7 deaths')).toBeVisible();
    expect(screen.queryByText(/hits/)).not.toBeInTheDocument();
  });

  it('renames a player', async () => {
    const { user } = await renderPlayers(`/admin/players/${rick.id}?arcade=berlin`);
    await user.click(await screen.findByRole('button', { name: 'Umbenennen' }));
    const dialog = screen.getByRole('dialog');
    const field = within(dialog).getByLabelText('Neuer Benutzername');
    await user.clear(field);
    await user.type(field, 'NiceRick');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(callsTo('PUT', `/api/admin/players/${rick.id}/name`)[0]?.body).toEqual({
        userName: 'NiceRick',
      }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'NiceRick' })).toBeVisible();
    expect(getToasts().map((t) => t.title)).toContain('Der Spieler heißt jetzt NiceRick.');
  });

  it('suspends with a reason, and lifts the suspension', async () => {
    const { user } = await renderPlayers(`/admin/players/${rick.id}?arcade=berlin`);
    await user.click(await screen.findByRole('button', { name: 'Sperren' }));
    const dialog = screen.getByRole('dialog', { name: 'RudeRick sperren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sperren' }));
    expect(within(dialog).getByLabelText('Grund')).toHaveAccessibleDescription(
      'Bitte einen Grund angeben (höchstens 500 Zeichen).',
    );
    expect(callsTo('POST', `/api/admin/players/${rick.id}/suspend`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Grund'), 'Beleidigt das Personal');
    await user.click(within(dialog).getByRole('button', { name: 'Sperren' }));
    await waitFor(() =>
      expect(callsTo('POST', `/api/admin/players/${rick.id}/suspend`)[0]?.body).toEqual({
        reason: 'Beleidigt das Personal',
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Grund: Beleidigt das Personal');

    await user.click(screen.getByRole('button', { name: 'Sperre aufheben' }));
    const lift = screen.getByRole('dialog', { name: 'Sperre von RudeRick aufheben?' });
    await user.click(within(lift).getByRole('button', { name: 'Sperre aufheben' }));
    await waitFor(() =>
      expect(callsTo('POST', `/api/admin/players/${rick.id}/unsuspend`)).toHaveLength(1),
    );
    expect(await screen.findByRole('button', { name: 'Sperren' })).toBeVisible();
  });

  it('deletes only after the name is typed, then goes back to the list', async () => {
    const { user, router } = await renderPlayers(`/admin/players/${rick.id}?arcade=berlin`);
    await user.click(await screen.findByRole('button', { name: 'Löschen' }));
    const dialog = screen.getByRole('dialog', { name: 'RudeRick löschen?' });
    const field = within(dialog).getByLabelText('Zur Bestätigung „RudeRick“ eingeben');
    await user.type(field, 'Rick');
    await user.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    expect(field).toHaveAccessibleDescription('Der Name stimmt nicht überein.');
    expect(callsTo('DELETE', `/api/admin/players/${rick.id}`)).toHaveLength(0);
    await user.clear(field);
    await user.type(field, 'RudeRick');
    await user.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    await waitFor(() => expect(callsTo('DELETE', `/api/admin/players/${rick.id}`)).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/players'));
    expect(getToasts().map((t) => t.title)).toContain('RudeRick ist gelöscht.');
    // The deleted player is not asked for again (a 404 in the browser's console).
    await screen.findByRole('link', { name: /RudeRick/ });
    expect(callsTo('GET', `/api/admin/players/${rick.id}`)).toHaveLength(1);
  });

  it("a refused suspend and delete say why in the console's words, never the server's", async () => {
    const { user } = await renderPlayers(`/admin/players/${rick.id}?arcade=berlin`, operator(), [
      playerHandlers.suspendPlayer(
        apiError(
          409,
          'operator_account',
          'An admin cannot be suspended: take the admin role first',
        ),
      ),
      playerHandlers.deletePlayer(apiError(403, 'forbidden', 'This needs an admin account')),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Sperren' }));
    const dialog = screen.getByRole('dialog', { name: 'RudeRick sperren?' });
    await user.type(within(dialog).getByLabelText('Grund'), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Sperren' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.title)).toEqual([
        'Admins lassen sich weder sperren noch löschen: Nimm ihnen zuerst unter „Rollen“ die Admin-Rolle.',
      ]),
    );

    // A 403: the rights are gone; the console asks again who the operator is (lost-access.ts).
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    const remove = screen.getByRole('dialog', { name: 'RudeRick löschen?' });
    await user.type(
      within(remove).getByLabelText('Zur Bestätigung „RudeRick“ eingeben'),
      'RudeRick',
    );
    await user.click(within(remove).getByRole('button', { name: 'Endgültig löschen' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.title)).toContain(
        'Dafür fehlen dir die Rechte – vielleicht wurden sie dir gerade entzogen. Die Konsole prüft deinen Zugang neu.',
      ),
    );
    await waitFor(() => expect(callsTo('GET', '/api/admin/me')).toHaveLength(2));
    expect(getToasts().map((t) => t.title)).not.toContainEqual(
      expect.stringMatching(/admin role|admin account|Das hat nicht geklappt:/),
    );
  });

  it('in English: a rename while the server cannot be reached, a lift that finds no suspension', async () => {
    const suspended = { ...rick, suspendedAt: '2026-11-20T19:00:00.000Z', suspendedReason: 'Spam' };
    const { user } = await renderPlayers(
      `/admin/players/${rick.id}?arcade=berlin`,
      operator(),
      [
        playerHandlers.getPlayer({ body: suspended }),
        playerHandlers.renamePlayer(networkError()),
        playerHandlers.unsuspendPlayer(apiError(409, 'conflict', 'This player is not suspended')),
      ],
      'en',
    );
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename RudeRick' });
    const field = within(dialog).getByLabelText('New user name');
    await user.clear(field);
    await user.type(field, 'NiceRick');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.title)).toEqual([
        'The server cannot be reached right now. Please try again in a moment.',
      ]),
    );
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Lift suspension' }));
    const lift = screen.getByRole('dialog', { name: 'Lift the suspension of RudeRick?' });
    await user.click(within(lift).getByRole('button', { name: 'Lift suspension' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.title)).toContain('The player was not suspended (any more).'),
    );
    expect(getToasts().map((t) => t.title)).not.toContainEqual(
      expect.stringMatching(/not suspended$|fetch/),
    );
  });

  it('staff see the player without e-mail and without the admin actions', async () => {
    await renderPlayers(`/admin/players/${rick.id}?arcade=berlin`, staffOperator(), [
      playerHandlers.getPlayer({ body: { ...rick, mail: null, signInEmail: null } }),
    ]);
    expect(await screen.findByRole('heading', { level: 2, name: 'RudeRick' })).toBeVisible();
    expect(screen.queryByText('rick@example.org')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sperren' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Löschen' })).not.toBeInTheDocument();
  });

  it('a player outside the staff member’s arcades is not found', async () => {
    await renderPlayers(`/admin/players/${rick.id}?arcade=berlin`, staffOperator(), [
      playerHandlers.getPlayer(apiError(404, 'not_found', 'No such user')),
    ]);
    expect(
      await screen.findByText(
        'Diesen Spieler gibt es nicht, oder er gehört nicht zu deinen Spielhallen.',
      ),
    ).toBeVisible();
  });
});
