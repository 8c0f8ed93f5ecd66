import { screen, waitFor, within } from '@testing-library/react';
import type { HttpHandler } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { getToasts } from '../../../components/ui/toast-store';
import { apiError, callsTo, server } from '../../../testing/api';
import { adminHandlers } from '../../../testing/admin-api';
import {
  adminArcade,
  adminGame,
  gameSlot,
  listedGame,
  operator,
} from '../../../testing/admin-factories';
import { BLAZE, NOVA } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';
import { signedInStore } from '../../../testing/store';
import { Component as AdminConsole } from '../AdminConsole';
import { pickerHandlers } from '../shell/testing';

const DAY = '2026-11-20';
const first = adminGame({ playedAt: `${DAY}T18:30:00.000Z` });
const second = adminGame({
  id: 'aaaaaaaa-0000-4000-8000-000000000002',
  playedAt: `${DAY}T17:00:00.000Z`,
  type: 'deathmatch',
  voidedAt: `${DAY}T20:00:00.000Z`,
  voidReason: 'Testlauf',
});
const older = adminGame({
  id: 'aaaaaaaa-0000-4000-8000-000000000003',
  playedAt: `${DAY}T10:00:00.000Z`,
  map: { id: 'skyline', name: 'Skyline', iconPath: '/assets/maps/skyline.svg' },
});

async function renderGames(path: string, overrides: HttpHandler[] = []) {
  let game = first;
  server.use(
    adminHandlers.getOperator({ body: operator() }),
    adminHandlers.getAdminArcades({ body: { arcades: [adminArcade()] } }),
    adminHandlers.getGames(({ query }) => ({
      body: query.get('before')
        ? { day: DAY, timeZone: 'Europe/Berlin', games: [listedGame(older)], next: null }
        : {
            day: query.get('day') ?? DAY,
            timeZone: 'Europe/Berlin',
            games: query.get('day') === DAY ? [listedGame(game), listedGame(second)] : [],
            next: query.get('day') === DAY ? second.id : null,
          },
    })),
    adminHandlers.getGame(() => ({ body: game })),
    adminHandlers.voidGame(({ body }) => {
      game = { ...game, voidedAt: `${DAY}T21:00:00.000Z`, voidReason: body.reason };
      return { body: game };
    }),
    adminHandlers.assignSlot(({ body }) => {
      game = {
        ...game,
        players: game.players.map((p) =>
          p.slotId === 3 ? { ...p, userId: body.userId, name: 'Blaze2', guest: false } : p,
        ),
      };
      return { body: game };
    }),
    pickerHandlers.findPlayers({ body: { data: [{ id: BLAZE, name: 'Blaze' }] } }),
  );
  server.use(...overrides);
  const store = await signedInStore();
  const view = await renderApp([{ path: '/admin/*', Component: AdminConsole }], {
    path,
    store,
    toaster: false,
  });
  // The section's code loads on first use (slow on the first test of the file).
  await screen.findByRole('heading', { level: 2 }, { timeout: 10_000 });
  return view;
}

// The section's code loads lazily on first use; load it once here, not inside the first test.
beforeAll(async () => {
  await import('./GamesSection');
});

describe('/admin/games', () => {
  it('lists the games of the day in the URL, page by page, and moves between days', async () => {
    const { user, router } = await renderGames(`/admin/games?arcade=berlin&day=${DAY}`);
    const list = await screen.findByRole('link', { name: /Neon Docks · Eliminierung/ });
    expect(list).toHaveTextContent('19:30');
    expect(list).toHaveAttribute('href', `/admin/games/${first.id}?arcade=berlin&day=${DAY}`);
    expect(screen.getByRole('link', { name: /Deathmatch/ })).toHaveTextContent('Annulliert');
    expect(callsTo('GET', '/api/admin/arcades/berlin/games')[0]!.query.get('day')).toBe(DAY);
    expect(screen.getByText('Freitag, 20. November 2026 (Tage nach Berliner Zeit)')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Ältere Spiele laden' }));
    expect(await screen.findByRole('link', { name: /Skyline/ })).toBeVisible();
    expect(callsTo('GET', '/api/admin/arcades/berlin/games').at(-1)!.query.get('before')).toBe(
      second.id,
    );
    expect(screen.queryByRole('button', { name: 'Ältere Spiele laden' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Vorheriger Tag' }));
    expect(router.state.location.search).toBe('?arcade=berlin&day=2026-11-19');
    expect(await screen.findByText('An diesem Tag wurde hier nicht gespielt.')).toBeVisible();
  });

  it("a game's way back leads to the day it was opened from", async () => {
    const { user, router } = await renderGames(`/admin/games?arcade=berlin&day=${DAY}`);
    await user.click(await screen.findByRole('link', { name: /Neon Docks · Eliminierung/ }));
    await user.click(await screen.findByRole('link', { name: 'Zurück zu den Spielen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/games'));
    expect(router.state.location.search).toBe(`?arcade=berlin&day=${DAY}`);
    expect(await screen.findByRole('link', { name: /Neon Docks · Eliminierung/ })).toBeVisible();
  });

  it('each game of the list says who played: the first three by name, then how many more', async () => {
    const crowded = adminGame({
      id: 'aaaaaaaa-0000-4000-8000-000000000004',
      playerCount: 7,
      players: [
        gameSlot({ slotId: 11, userId: null, name: 'Deleted player', score: 2000 }),
        gameSlot({ slotId: 12, userId: null, name: 'Gast Pia', score: 1500, guest: true }),
        gameSlot({ slotId: 13, score: 1200 }),
        ...[14, 15, 16, 17].map((slotId) => gameSlot({ slotId, userId: BLAZE, score: 10 })),
      ],
    });
    await renderGames(`/admin/games?arcade=berlin&day=${DAY}`, [
      adminHandlers.getGames({
        body: {
          day: DAY,
          timeZone: 'Europe/Berlin',
          games: [listedGame(first), listedGame(crowded)],
          next: null,
        },
      }),
    ]);
    const [small, big] = await screen.findAllByRole('link', { name: /Neon Docks/ });
    // Best score first; a guest as the app names guests.
    expect(within(small!).getByText('Blaze').parentElement).toHaveTextContent(
      /^Blaze, NeonNova, Gast Pia \(Gast\)$/,
    );
    expect(small).not.toHaveTextContent('+');
    // A deleted player is named by nothing; the names keep to two lines, the count beside them.
    const names = within(big!).getByText(/Gelöschter Spieler/).parentElement!;
    expect(names).toHaveTextContent('Gelöschter Spieler, Gast Pia (Gast), NeonNova');
    expect(names).toHaveClass('line-clamp-2');
    expect(names.nextElementSibling).toHaveTextContent('+4 und 4 weitere Spieler');
    expect(big).not.toHaveTextContent('Deleted player');
    // Screen readers hear the count in words, not "+4".
    expect(big).toHaveAccessibleName(
      /Gelöschter Spieler, Gast Pia \(Gast\), NeonNova\s*und 4 weitere Spieler$/,
    );
  });

  it('one game: registered players link to their page in the Players section, guests do not', async () => {
    await renderGames(`/admin/games/${first.id}?arcade=berlin`, [
      adminHandlers.getGame(() => ({
        body: adminGame({
          players: [
            ...first.players,
            { ...first.players[0]!, slotId: 4, userId: null, name: 'Deleted player', won: false },
          ],
        }),
      })),
    ]);
    const table = await screen.findByRole('table', { name: 'Ergebnisse der Spieler' });
    expect(within(table).getByRole('link', { name: 'NeonNova' })).toHaveAttribute(
      'href',
      `/admin/players/${NOVA}?arcade=berlin`,
    );
    expect(within(table).getByRole('link', { name: 'Blaze' })).toHaveAttribute(
      'href',
      `/admin/players/${BLAZE}?arcade=berlin`,
    );
    expect(within(table).getAllByRole('link')).toHaveLength(2);
    expect(within(table).getByText('Gast Pia').closest('a')).toBeNull();
    expect(within(table).getByText('Gelöschter Spieler').closest('a')).toBeNull();
  });

  it('one game: a player who deleted their profile is named in the console language', async () => {
    await renderGames(`/admin/games/${first.id}?arcade=berlin`, [
      adminHandlers.getGame(() => ({
        body: adminGame({
          players: [
            ...first.players,
            { ...first.players[0]!, slotId: 4, userId: null, name: 'Deleted player', won: false },
          ],
        }),
      })),
    ]);
    const table = await screen.findByRole('table', { name: 'Ergebnisse der Spieler' });
    expect(within(table).getAllByRole('row')[4]).toHaveTextContent(/^Gelöschter Spieler/);
    expect(within(table).queryByText('Deleted player')).not.toBeInTheDocument();
  });

  it('one game: the wide scoreboard scrolls in its own box at 360 px, hidden labels too', async () => {
    await renderGames(`/admin/games/${first.id}?arcade=berlin`);
    const table = await screen.findByRole('table', { name: 'Ergebnisse der Spieler' });
    // The table's screen-reader labels are absolutely placed: without a positioned scroll box
    // they escape it, and the whole page scrolls sideways on a phone.
    const box = table.parentElement!;
    expect(box).toHaveClass('overflow-x-auto', 'relative');
  });

  it('one game: the scoreboard, and voiding it needs a reason', async () => {
    const { user } = await renderGames(`/admin/games/${first.id}?arcade=berlin`);
    const table = await screen.findByRole('table', { name: 'Ergebnisse der Spieler' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'SpielerTeamKillsDeathsPunkteAktionen',
      'NeonNovaRed Vipers52900',
      'BlazeRed Vipers621.000',
      'Gast PiaGastBlue Sharks18100Zuordnen',
    ]);
    await user.click(screen.getByRole('button', { name: 'Annullieren' }));
    const dialog = screen.getByRole('dialog', { name: 'Spiel annullieren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annullieren' }));
    expect(within(dialog).getByLabelText('Grund')).toHaveAccessibleDescription(
      'Bitte einen Grund angeben (höchstens 500 Zeichen).',
    );
    expect(callsTo('POST', `/api/admin/arcades/berlin/games/${first.id}/void`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Grund'), 'Gerät hat falsch gezählt');
    await user.click(within(dialog).getByRole('button', { name: 'Annullieren' }));
    await waitFor(() =>
      expect(callsTo('POST', `/api/admin/arcades/berlin/games/${first.id}/void`)[0]?.body).toEqual({
        reason: 'Gerät hat falsch gezählt',
      }),
    );
    const status = await screen.findByText('Grund: Gerät hat falsch gezählt');
    expect(status).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Annullieren' })).not.toBeInTheDocument();
    // The button that opened the dialog is gone: the focus is on what happened, not the page.
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveTextContent(/^Annulliert am/);
    await waitFor(() => expect(status).toHaveFocus());
    expect(getToasts().map((t) => t.title)).toContain('Das Spiel ist annulliert.');
  });

  it("gives a guest's result to a player found by name", async () => {
    const { user } = await renderGames(`/admin/games/${first.id}?arcade=berlin`);
    await user.click(
      await screen.findByRole('button', { name: 'Ergebnis von Gast Pia einem Spieler zuordnen' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Ergebnis von Gast Pia zuordnen' });
    await user.click(within(dialog).getByRole('button', { name: 'Zuordnen' }));
    expect(within(dialog).getByLabelText('Spieler suchen')).toHaveAccessibleDescription(
      expect.stringContaining('Bitte einen Spieler aus der Liste wählen.'),
    );
    await waitFor(() => expect(within(dialog).getByLabelText('Spieler suchen')).toHaveFocus());
    await user.type(within(dialog).getByLabelText('Spieler suchen'), 'Bla');
    await user.click(await within(dialog).findByRole('button', { name: 'Blaze' }));
    expect(within(dialog).getByText('Gewählt: Blaze')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Zuordnen' }));
    await waitFor(() =>
      expect(
        callsTo('POST', `/api/admin/arcades/berlin/games/${first.id}/slots/3/assign`)[0]?.body,
      ).toEqual({ userId: BLAZE }),
    );
    expect(callsTo('GET', '/api/admin/players/find')[0]!.query.get('q')).toBe('Bla');
    expect(await screen.findByText('Blaze2')).toBeVisible();
    expect(getToasts().map((t) => t.title)).toContain(
      'Das Ergebnis von Gast Pia zählt jetzt für Blaze.',
    );
  });

  it('a refused assignment says why', async () => {
    const { user } = await renderGames(`/admin/games/${first.id}?arcade=berlin`);
    server.use(adminHandlers.assignSlot(apiError(409, 'conflict', 'already in game')));
    await user.click(
      await screen.findByRole('button', { name: 'Ergebnis von Gast Pia einem Spieler zuordnen' }),
    );
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Spieler suchen'), 'Bla');
    await user.click(await within(dialog).findByRole('button', { name: 'Blaze' }));
    await user.click(within(dialog).getByRole('button', { name: 'Zuordnen' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.title)).toEqual([
        'Das geht nicht: Der Spieler ist schon in diesem Spiel, oder der Platz gehört keinem Gast mehr.',
      ]),
    );
  });

  it('a game of another arcade is not found', async () => {
    await renderGames(`/admin/games/${older.id}?arcade=berlin`, [
      adminHandlers.getGame(apiError(404, 'not_found', 'No such game')),
    ]);
    expect(
      await screen.findByText('Dieses Spiel gibt es in dieser Spielhalle nicht.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).not.toBeInTheDocument();
  });
});
