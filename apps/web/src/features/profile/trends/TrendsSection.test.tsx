import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import {
  destroyIntersectionMocking,
  mockIsIntersecting,
  setupIntersectionMocking,
} from 'react-intersection-observer/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Trends } from '@arcadia/contracts';
import { apiError, callsTo, handlers, server } from '../../../testing/api';
import { BLAZE, ME, NOVA, gamesOverview, ownProfile, profile } from '../../../testing/factories';
import { renderProfile } from '../testing';

/** uPlot draws on a canvas jsdom has not: a fake records what it was given. */
const charts = vi.hoisted(() => ({
  loaded: false,
  made: [] as Array<{ data: unknown[][]; opts: { series: Array<{ label?: string }> } }>,
}));
vi.mock('uplot', () => {
  charts.loaded = true;
  return {
    default: class {
      constructor(opts: { series: Array<{ label?: string }> }, data: unknown[][]) {
        charts.made.push({ data, opts });
      }
      setSize() {}
      destroy() {}
    },
  };
});
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const trends = (over: Partial<Trends> = {}): Trends => ({
  playerId: ME,
  application: 'commando',
  mode: null,
  map: null,
  weeks: [
    { week: '2026-11-02', games: 2, kills: 5, deaths: 3, scorePerGame: 20, kd: 1.67 },
    { week: '2026-11-09', games: 1, kills: 5, deaths: 0, scorePerGame: 50.5, kd: 5 },
  ],
  ratings: [
    { playedAt: '2026-11-02T10:00:00.000Z', mode: 'elimination', rating: 1043 },
    { playedAt: '2026-11-04T10:00:00.000Z', mode: 'elimination', rating: 1012 },
    { playedAt: '2026-11-10T10:00:00.000Z', mode: 'freeforall', rating: 1100 },
  ],
  current: [
    { mode: 'freeforall', rating: 1100, games: 1 },
    { mode: 'elimination', rating: 1012, games: 12 },
  ],
  ...over,
});

let release: () => void = () => {};
beforeEach(() => {
  charts.made.length = 0;
  const held = new Promise<void>((resolve) => (release = resolve));
  server.use(handlers.getProfile({ body: ownProfile() }, { id: ME }));
  server.use(handlers.getProfile({ body: profile() }, { id: NOVA }));
  server.use(handlers.getStatistics({ body: { data: { statistics: [] } } }));
  server.use(handlers.getGamesOverview({ body: gamesOverview() }));
  server.use(
    handlers.getOwnFriends({
      body: {
        friends: [
          { userId: NOVA, userName: 'NeonNova' },
          { userId: BLAZE, userName: 'Blaze' },
        ],
      },
    }),
  );
  server.use(handlers.getTrends({ body: trends(), wait: held }, { id: ME }));
  server.use(
    handlers.getTrends(
      {
        body: trends({
          playerId: NOVA,
          weeks: [{ week: '2026-11-09', games: 4, kills: 8, deaths: 2, scorePerGame: 30, kd: 4 }],
          ratings: [{ playedAt: '2026-11-05T10:00:00.000Z', mode: 'elimination', rating: 990 }],
        }),
      },
      { id: NOVA },
    ),
  );
});
afterEach(() => release());

/** The rows of the table alternative under a chart's title, as text cells. */
async function tableOf(title: string) {
  const heading = await screen.findByRole('heading', { name: title });
  const section = heading.closest('section')!;
  const table = within(section).getByRole('table', { hidden: true });
  return within(table)
    .getAllByRole('row', { hidden: true })
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
}

describe('trends on the statistics tab', () => {
  it('loads the chart module only once there are trends to draw', async () => {
    await renderProfile(`/profile/${ME}/statistics`, ownProfile());
    await screen.findByRole('heading', { name: 'Verlauf' });
    expect(charts.loaded).toBe(false);
    release();
    await screen.findByRole('heading', { name: 'Spiele pro Woche' });
    await waitFor(() => expect(charts.made).toHaveLength(4));
    expect(charts.loaded).toBe(true);
    // Weeks as seconds since 1970 on x, the player's games per week on y.
    expect(charts.made[0]!.data).toEqual([
      [1793577600, 1794182400],
      [2, 1],
    ]);
  });

  it('draws a chart only once it comes near the screen; its place is kept before', async () => {
    // A browser with IntersectionObserver (jsdom has none, and then every chart draws at once).
    setupIntersectionMocking(vi.fn);
    try {
      release();
      await renderProfile(`/profile/${ME}/statistics`, ownProfile());
      await screen.findByRole('heading', { name: 'Spiele pro Woche' });
      const places = await screen.findAllByTestId('trend-chart-place');
      expect(places).toHaveLength(4);
      // The numbers are there at once (the table), the drawing waits.
      expect(await tableOf('Spiele pro Woche')).toHaveLength(3);
      expect(charts.made).toHaveLength(0);
      expect(places[0]!.firstElementChild).toHaveClass('h-[200px]');

      act(() => mockIsIntersecting(places[1]!, true));
      await waitFor(() => expect(charts.made).toHaveLength(1));
      // Points per game, the second chart.
      expect(charts.made[0]!.data[1]).toEqual([20, 50.5]);
      act(() => mockIsIntersecting(places[0]!, true));
      await waitFor(() => expect(charts.made).toHaveLength(2));
      expect(charts.made[1]!.data[1]).toEqual([2, 1]);
      // A drawn chart stays drawn (it is no longer watched).
      expect(places[1]!.querySelector('.h-\\[200px\\]')).toBeNull();
    } finally {
      destroyIntersectionMocking();
    }
  });

  it("shows the player's rating in each mode now, provisional below 10 games", async () => {
    release();
    await renderProfile(`/profile/${ME}/statistics`, ownProfile());
    const section = (await screen.findByRole('heading', { name: 'Spielstärke jetzt' })).closest(
      'div',
    )!;
    const terms = within(section)
      .getAllByRole('term')
      .map((dt) => dt.textContent);
    expect(terms).toEqual(['Jeder gegen jeden', 'Eliminierung']);
    const values = within(section)
      .getAllByRole('definition')
      .map((dd) => dd.textContent);
    expect(values).toEqual(['1.100', 'vorläufig · 1 von 10 Spielen', '1.012']);
  });

  it('each chart has a title and its numbers as a table (German formats)', async () => {
    release();
    await renderProfile(`/profile/${ME}/statistics`, ownProfile());
    expect(await tableOf('Spiele pro Woche')).toEqual([
      ['Woche ab', 'Me'],
      ['02.11.26', '2'],
      ['09.11.26', '1'],
    ]);
    expect(await tableOf('Punkte pro Spiel, je Woche')).toEqual([
      ['Woche ab', 'Me'],
      ['02.11.26', '20'],
      ['09.11.26', '50,5'],
    ]);
    expect(await tableOf('K/D pro Woche')).toEqual([
      ['Woche ab', 'Me'],
      ['02.11.26', '1,67'],
      ['09.11.26', '5,00'],
    ]);
    // Ratings are per mode: without a mode filter the most played one.
    const rating = await tableOf('Spielstärke nach jedem Spiel (Eliminierung)');
    expect(rating.map((row) => row[1])).toEqual(['Me', '1.043', '1.012']);
    // Each game at the venue's clock (10:00 UTC is 11:00 in Berlin in November).
    expect(rating.map((row) => row[0])).toEqual(['Spiel', '02.11.26, 11:00', '04.11.26, 11:00']);
    expect(callsTo('GET', `/api/user/${ME}/trends`)[0]?.query.toString()).toBe(
      'application=commando&mode=&map=',
    );
  });

  it('English labels and numbers', async () => {
    release();
    await renderProfile(`/profile/${ME}/statistics`, ownProfile(), 'en');
    const kd = await tableOf('K/D per week');
    expect(kd[0]).toEqual(['Week of', 'Me']);
    expect(kd[1]?.[1]).toBe('1.67');
  });

  it('mode and map filters ask the server again', async () => {
    release();
    const user = userEvent.setup();
    await renderProfile(`/profile/${ME}/statistics`, ownProfile());
    await screen.findByRole('heading', { name: 'Spiele pro Woche' });
    await user.selectOptions(screen.getByLabelText('Modus'), 'freeforall');
    await waitFor(() =>
      expect(callsTo('GET', `/api/user/${ME}/trends`).map((c) => c.query.get('mode'))).toContain(
        'freeforall',
      ),
    );
    const mapSelect = screen.getByLabelText('Karte');
    const [, firstMap] = within(mapSelect).getAllByRole('option');
    await user.selectOptions(mapSelect, firstMap!);
    await waitFor(() =>
      expect(callsTo('GET', `/api/user/${ME}/trends`).at(-1)?.query.get('map')).toBe(
        (firstMap as HTMLOptionElement).value,
      ),
    );
    expect((firstMap as HTMLOptionElement).value).not.toBe('');
  });

  it('own profile: a friend’s line beside the own one', async () => {
    release();
    const user = userEvent.setup();
    await renderProfile(`/profile/${ME}/statistics`, ownProfile());
    await screen.findByRole('heading', { name: 'Spiele pro Woche' });
    const compare = screen.getByLabelText('Vergleichen mit');
    expect(
      within(compare)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Niemandem', 'Blaze', 'NeonNova']);
    await user.selectOptions(compare, NOVA);
    await waitFor(async () =>
      expect(await tableOf('Spiele pro Woche')).toEqual([
        ['Woche ab', 'Me', 'NeonNova'],
        ['02.11.26', '2', '–'],
        ['09.11.26', '1', '4'],
      ]),
    );
    const rating = await tableOf('Spielstärke nach jedem Spiel (Eliminierung)');
    expect(rating.map((row) => row.slice(1))).toEqual([
      ['Me', 'NeonNova'],
      ['1.043', '–'],
      ['1.012', '–'],
      ['–', '990'],
    ]);
  });

  it('with a second line the legend names the x values in the app’s language, not “Time”', async () => {
    release();
    const user = userEvent.setup();
    await renderProfile(`/profile/${ME}/statistics`, ownProfile());
    await screen.findByRole('heading', { name: 'Spiele pro Woche' });
    await user.selectOptions(screen.getByLabelText('Vergleichen mit'), NOVA);
    await waitFor(() => expect(charts.made.at(-1)?.data).toHaveLength(3));
    // The weekly charts' x is the week, the rating's the game: the legend's first entry.
    const labels = charts.made.slice(-4).map((chart) => chart.opts.series.map((s) => s.label));
    expect(labels).toEqual([
      ['Woche ab', 'Me', 'NeonNova'],
      ['Woche ab', 'Me', 'NeonNova'],
      ['Woche ab', 'Me', 'NeonNova'],
      ['Spiel', 'Me', 'NeonNova'],
    ]);
  });

  it('someone else’s profile: compare with yourself', async () => {
    release();
    const user = userEvent.setup();
    await renderProfile(`/profile/${NOVA}/statistics`, ownProfile());
    await screen.findByRole('heading', { name: 'Spiele pro Woche' });
    await user.selectOptions(screen.getByLabelText('Vergleichen mit'), ME);
    await waitFor(async () =>
      expect((await tableOf('Spiele pro Woche'))[0]).toEqual(['Woche ab', 'NeonNova', 'Me']),
    );
  });

  it('a failure is said, the rest of the tab stays', async () => {
    server.use(handlers.getTrends(apiError(500, 'internal', 'Boom'), { id: ME }));
    await renderProfile(`/profile/${ME}/statistics`, ownProfile());
    expect(await screen.findByText('Der Verlauf konnte nicht geladen werden.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Übersicht' })).toBeInTheDocument();
  });
});
