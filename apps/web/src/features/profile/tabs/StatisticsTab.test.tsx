import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, handlers, server } from '../../../testing/api';
import { atVenue, game, NOVA, ownProfile, profile } from '../../../testing/factories';
import { STATISTICS_OPERATION, STATISTICS_QUERY } from '../api/get-statistics';
import { renderProfile } from '../testing';

const entries = [
  { name: 'gamesPlayed', value: '8', applicationId: 'commando' },
  { name: 'winrate', value: '62.5', applicationId: 'commando' },
  { name: 'kd', value: '1.50', applicationId: 'commando' },
  { name: 'scoreTotal', value: '12345', applicationId: 'commando' },
  { name: 'favouriteMode', value: 'elimination', applicationId: 'commando' },
  { name: 'favouriteMap', value: 'Neon Docks', applicationId: 'commando' },
  { name: 'mostActiveHour', value: '20', applicationId: 'commando' },
];

beforeEach(() => {
  server.use(
    handlers.getProfile(
      {
        body: profile({
          matchHistory: [
            game({
              id: 'aaaaaaaa-0000-4000-8000-000000000001',
              playedAt: atVenue(2025, 3, 14, 18, 30),
            }),
            game({
              id: 'aaaaaaaa-0000-4000-8000-000000000002',
              playedAt: atVenue(2025, 3, 12, 20, 5),
            }),
            game({
              id: 'aaaaaaaa-0000-4000-8000-000000000003',
              playedAt: atVenue(2025, 3, 10, 20, 45),
            }),
          ],
        }),
      },
      { id: NOVA },
    ),
  );
  server.use(handlers.getOwnFriends({ body: { friends: [] } }));
  server.use(handlers.getStatistics({ body: { data: { statistics: entries } } }));
});
afterEach(() => vi.unstubAllGlobals());

/** The value shown under a label in a definition list. */
const valueOf = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('statistics tab', () => {
  it('shows every summary field: win rate in percent, K/D with 2 decimals', async () => {
    await renderProfile(`/profile/${NOVA}/statistics`, ownProfile());
    const summary = (await screen.findByRole('heading', { name: 'Übersicht' })).parentElement!;
    expect(valueOf(summary, 'Spiele')).toBe('8');
    expect(valueOf(summary, 'Siegquote')).toBe('62,5\u00a0%');
    expect(valueOf(summary, 'Siege')).toBe('5');
    expect(valueOf(summary, 'Niederlagen')).toBe('3');
    expect(valueOf(summary, 'Kills')).toBe('57');
    expect(valueOf(summary, 'Deaths')).toBe('38');
    expect(valueOf(summary, 'K/D')).toBe('1,50');
  });

  it("shows times as the hour followed by 'Uhr'", async () => {
    await renderProfile(`/profile/${NOVA}`, ownProfile());
    const times = (await screen.findByRole('heading', { name: 'Spielzeiten' })).parentElement!;
    expect(valueOf(times, 'Zuletzt gespielt')).toBe('14.03.2025, 18 Uhr');
    expect(valueOf(times, 'Lieblingszeit')).toBe('20 Uhr');
  });

  it('English: "6 PM", "1.50", "62.5%"', async () => {
    await renderProfile(`/profile/${NOVA}`, ownProfile(), 'en');
    const times = (await screen.findByRole('heading', { name: 'Playing times' })).parentElement!;
    expect(valueOf(times, 'Last played')).toBe('Mar 14, 2025, 6 PM');
    const summary = screen.getByRole('heading', { name: 'Overview' }).parentElement!;
    expect(valueOf(summary, 'K/D')).toBe('1.50');
    expect(valueOf(summary, 'Win rate')).toBe('62.5%');
  });

  it('asks POST /graphql with operation name, variables and query text, and shows the entries', async () => {
    await renderProfile(`/profile/${NOVA}`, ownProfile());
    const section = await screen.findByRole('region', { name: 'commando' });
    expect(callsTo('POST', '/graphql')[0]?.body).toEqual({
      operationName: STATISTICS_OPERATION,
      variables: { playerId: NOVA },
      query: STATISTICS_QUERY,
    });
    expect(STATISTICS_QUERY).toContain('statistics(playerId: $playerId)');
    expect(valueOf(section, 'Punkte gesamt')).toBe('12.345');
    expect(valueOf(section, 'Lieblingsmodus')).toBe('Eliminierung');
    expect(valueOf(section, 'Lieblingskarte')).toBe('Neon Docks');
  });

  it('shows each number once: one game’s totals are the overview, not repeated per game', async () => {
    await renderProfile(`/profile/${NOVA}`, ownProfile());
    const section = await screen.findByRole('region', { name: 'commando' });
    await within(section).findByText('Punkte gesamt');
    const labels = screen.getAllByRole('term').map((dt) => dt.textContent);
    expect(labels.filter((label, i) => labels.indexOf(label) !== i)).toEqual([]);
    for (const shownAbove of ['Spiele', 'Siegquote', 'K/D', 'Lieblingszeit'])
      expect(within(section).queryByText(shownAbove)).not.toBeInTheDocument();
  });

  it('several games: each game keeps its own totals', async () => {
    server.use(
      handlers.getStatistics({
        body: {
          data: {
            statistics: [
              ...entries,
              { name: 'gamesPlayed', value: '3', applicationId: 'pinball' },
              { name: 'winrate', value: '33.3', applicationId: 'pinball' },
            ],
          },
        },
      }),
    );
    await renderProfile(`/profile/${NOVA}`, ownProfile());
    const pinball = await screen.findByRole('region', { name: 'pinball' });
    expect(valueOf(pinball, 'Spiele')).toBe('3');
    expect(valueOf(screen.getByRole('region', { name: 'commando' }), 'Spiele')).toBe('8');
  });

  it('goes out without a token when none can be had', async () => {
    await renderProfile(`/profile/${NOVA}`, ownProfile());
    await screen.findByRole('region', { name: 'commando' });
    expect(callsTo('POST', '/graphql')[0]?.authorization).toBeNull();
  });

  it('GraphQL errors and failures are said, the rest of the tab stays', async () => {
    server.use(handlers.getStatistics({ body: { data: null, errors: [{ message: 'too deep' }] } }));
    await renderProfile(`/profile/${NOVA}`, ownProfile());
    await waitFor(() =>
      expect(screen.getByText('Die Statistiken konnten nicht geladen werden.')).toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'Übersicht' })).toBeInTheDocument();
  });

  it('no entries yet', async () => {
    server.use(handlers.getStatistics({ body: { data: { statistics: [] } } }));
    await renderProfile(`/profile/${NOVA}`, ownProfile());
    expect(
      await screen.findByText('Noch keine Statistiken – spiel eine Runde!'),
    ).toBeInTheDocument();
  });
});
