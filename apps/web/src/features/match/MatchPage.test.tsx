import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../../components/ui';
import { getToasts } from '../../components/ui/toast-store';
import { apiError, callsTo, handlers, server } from '../../testing/api';
import { match } from '../../testing/factories';
import { renderApp } from '../../testing/render-app';
import { signedOutStore } from '../../testing/store';
import { Component as MatchPage } from './MatchPage';

const ID = 'aaaaaaaa-0000-4000-8000-000000000001';

afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

const renderMatch = (lang: 'de' | 'en' = 'de', path = `/game/${ID}`) =>
  renderApp([{ path: '/game/:id', Component: MatchPage }], { path, store: signedOutStore(), lang });

describe('match page', () => {
  it('shows the game to a signed-out visitor: facts, teams and players as tables', async () => {
    server.use(handlers.getMatch({ body: match() }, { id: ID }));
    await renderMatch();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Eliminierung' }),
    ).toBeInTheDocument();
    expect(callsTo('GET', `/api/matches/${ID}`)[0]?.authorization).toBeNull();
    expect(screen.getByText('Red Vipers 3 : Blue Sharks 1')).toBeInTheDocument();
    expect(screen.getByText('Commando · Arcadia Berlin')).toBeInTheDocument();
    expect(screen.getByText('Neon Docks')).toBeInTheDocument();
    expect(screen.getByText('Arena 1')).toBeInTheDocument();
    expect(screen.getByText('7:05 Min.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Spieler' })).toBeInTheDocument();

    const red = screen.getByRole('table', { name: 'Red Vipers: 3' });
    const rows = within(red).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Blaze', 'Me']);
    expect(within(red).getByRole('link', { name: 'Blaze' })).toHaveAttribute(
      'href',
      '/profile/33333333-3333-4333-8333-333333333333',
    );
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '1.500', '7', '2']);
    const blue = screen.getByRole('table', { name: 'Blue Sharks: 1' });
    // A deleted player is anonymised in the interface's language; a guest keeps their name.
    expect(within(blue).getByText('Gelöschter Spieler')).toBeInTheDocument();
    expect(within(blue).queryByText('Deleted player')).not.toBeInTheDocument();
    expect(within(blue).getByText('(Gast)')).toBeInTheDocument();
    expect(within(blue).queryAllByRole('link')).toHaveLength(0);
    expect(document.title).toBe('Eliminierung: Red Vipers 3 : Blue Sharks 1 · Arcadia');
  });

  it('tells the time the game was played at the arcade (Europe/Berlin), as its image does', async () => {
    // 20:11 UTC in November is 21:11 in Berlin (CET), whatever the browser's time zone.
    server.use(
      handlers.getMatch({ body: match({ playedAt: '2026-11-26T20:11:00.000Z' }) }, { id: ID }),
    );
    await renderMatch();
    const time = await screen.findByText('26.11.2026, 21:11');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', '2026-11-26T20:11:00.000Z');
  });

  it('a player hidden by their visibility is "Verborgener Spieler" / "Hidden player", without a link', async () => {
    const hidden = {
      ...match().players[0]!,
      id: null,
      name: 'Spieler',
      kind: 'hidden' as const,
      teamId: null,
    };
    const body = match({
      type: 'freeforall',
      modeName: { de: 'Jeder gegen jeden', en: 'Free for all' },
      teams: [],
      players: [
        hidden,
        ...match()
          .players.slice(1)
          .map((p) => ({ ...p, teamId: null })),
      ],
    });
    server.use(handlers.getMatch({ body }, { id: ID }));
    await renderMatch('en');
    expect(await screen.findByText('Hidden player wins with 1,500 points')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Players' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByRole('rowheader')).toHaveTextContent(/^Hidden player$/);
    expect(within(first).queryByRole('link')).not.toBeInTheDocument();
  });

  it('a freeforall names its winner, in English too', async () => {
    server.use(
      handlers.getMatch(
        {
          body: match({
            type: 'freeforall',
            modeName: { de: 'Jeder gegen jeden', en: 'Free for all' },
            teams: [],
            players: match().players.map((p) => ({ ...p, teamId: null })),
          }),
        },
        { id: ID },
      ),
    );
    await renderMatch('en');
    expect(await screen.findByText('Blaze wins with 1,500 points')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Players' })).toBeInTheDocument();
    expect(screen.getByText('Deleted player')).toBeInTheDocument();
  });

  it('shares with the Web Share API where the browser has it', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    server.use(handlers.getMatch({ body: match() }, { id: ID }));
    const { user } = await renderMatch();
    await user.click(await screen.findByRole('button', { name: 'Teilen' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ url: `${window.location.origin}/game/${ID}` }),
    );
  });

  it('in English shares the link whose preview and image are English (?lang=en)', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    server.use(handlers.getMatch({ body: match() }, { id: ID }));
    const { user } = await renderMatch('en');
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ url: `${window.location.origin}/game/${ID}?lang=en` }),
    );
  });

  it('else copies the link and says so', async () => {
    // jsdom has no navigator.share; user-event stands in for the clipboard.
    expect('share' in navigator).toBe(false);
    server.use(handlers.getMatch({ body: match() }, { id: ID }));
    const { user } = await renderMatch();
    await user.click(await screen.findByRole('button', { name: 'Teilen' }));
    expect(await screen.findByText('Link kopiert')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/game/${ID}`);
  });

  it('where the clipboard is refused too, shows the link selected to copy by hand (no error)', async () => {
    server.use(handlers.getMatch({ body: match() }, { id: ID }));
    const { user } = await renderMatch();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));
    await user.click(await screen.findByRole('button', { name: 'Teilen' }));
    const field = await screen.findByRole('textbox', { name: 'Kopiere den Link von hier:' });
    expect(field).toHaveValue(`${window.location.origin}/game/${ID}`);
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(getToasts()).toEqual([]);
  });

  it('an unknown or voided game: a not-found message without retry', async () => {
    server.use(handlers.getMatch(apiError(404, 'not_found', 'There is no such game'), { id: ID }));
    await renderMatch();
    expect(await screen.findByText('Dieses Spiel gibt es nicht')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /erneut/i })).not.toBeInTheDocument();
  });
});
