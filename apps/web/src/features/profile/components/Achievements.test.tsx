import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred, handlers, server } from '../../../testing/api';
import { ME, NOVA, ownProfile, profile } from '../../../testing/factories';
import { renderProfile } from '../testing';

beforeEach(() => {
  server.use(handlers.getProfile({ body: ownProfile({ earlyAdopter: true }) }, { id: ME }));
  server.use(handlers.getProfile({ body: profile() }, { id: NOVA }));
  server.use(handlers.getOwnFriends({ body: { friends: [] } }));
  server.use(handlers.getStatistics({ body: { data: { statistics: [] } } }));
  server.use(
    handlers.getAchievements(
      {
        body: {
          unlocked: [
            { id: 'first-win', unlockedAt: '2026-11-20T18:00:00.000Z', progress: null },
            { id: 'first-game', unlockedAt: '2026-11-19T18:00:00.000Z', progress: null },
            { id: 'season-2026-10', unlockedAt: '2026-10-30T18:00:00.000Z', progress: null },
          ],
          locked: [
            { id: 'games-10', unlockedAt: null, progress: { current: 3, target: 10 } },
            { id: 'monthly-top-10', unlockedAt: null, progress: null },
            { id: 'season-2026-11', unlockedAt: null, progress: { current: 3, target: 10 } },
          ],
        },
      },
      { id: ME },
    ),
  );
});

describe('achievements on the profile', () => {
  it('shows the unlocked ones beside Early adopter, in German', async () => {
    await renderProfile(`/profile/${ME}`, ownProfile());
    await screen.findByRole('heading', { level: 1, name: 'Me' });
    expect(await screen.findByTestId('achievement-badge-first-win')).toHaveTextContent(
      'Erster Sieg',
    );
    expect(screen.getByTestId('achievement-badge-first-game')).toHaveTextContent('Erstes Spiel');
    expect(screen.getByText('Early adopter')).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Erfolge' });
    expect(within(section).getByText('2 von 4 · 1 Saison-Abzeichen')).toBeInTheDocument();
    await userEvent.click(within(section).getByText('Erfolge'));
    // The medium date, as the game cards write it.
    expect(within(section).getByTestId('achievement-first-win')).toHaveTextContent(
      'Freigeschaltet am 20.11.2026',
    );
  });

  it('lists the locked ones with their progress, announced to screen readers, in English', async () => {
    await renderProfile(`/profile/${ME}`, ownProfile(), 'en');
    const section = await screen.findByRole('region', { name: 'Achievements' });
    // Of the catalogue (this month's locked season badge not counted), the season badges beside.
    expect(within(section).getByText('2 of 4 · 1 season badge')).toBeInTheDocument();
    await userEvent.click(within(section).getByText('Achievements'));
    const regular = within(section).getByTestId('achievement-games-10');
    expect(regular).toHaveTextContent('Regular');
    expect(regular).toHaveTextContent('Play 10 games.');
    const bar = within(regular).getByRole('progressbar', { name: /Regular/ });
    expect(bar).toHaveAttribute('aria-valuetext', '3 of 10');
    expect(within(section).getByTestId('achievement-season-2026-11')).toHaveTextContent(
      'Season November 2026',
    );
    // no count to show for the monthly top 10
    expect(
      within(within(section).getByTestId('achievement-monthly-top-10')).queryByRole('progressbar'),
    ).not.toBeInTheDocument();
    // The app's medium date, month first as in English, as the game cards write it.
    expect(within(section).getByTestId('achievement-first-win')).toHaveTextContent(
      'Unlocked on Nov 20, 2026',
    );
  });

  it("keeps the folded section's place while they load, so the tabs below do not move", async () => {
    const held = deferred();
    server.use(
      handlers.getAchievements(
        { body: { unlocked: [], locked: [] }, wait: held.promise },
        { id: ME },
      ),
    );
    await renderProfile(`/profile/${ME}`, ownProfile(), 'en');
    await screen.findByRole('heading', { level: 1, name: 'Me' });
    const space = screen.getByTestId('achievements-space');
    expect(space).toHaveAttribute('aria-hidden', 'true');
    // the same box as the folded section: its border and padding around one line of the title
    expect(space).toHaveClass('rounded-2xl', 'border', 'p-4', 'font-display', 'font-bold');
    expect(screen.queryByRole('region', { name: 'Achievements' })).not.toBeInTheDocument();
    held.resolve();
    expect(await screen.findByRole('region', { name: 'Achievements' })).toBeInTheDocument();
    expect(screen.queryByTestId('achievements-space')).not.toBeInTheDocument();
  });

  it('shows nothing of them when they cannot be loaded', async () => {
    await renderProfile(`/profile/${NOVA}`, ownProfile(), 'en');
    await screen.findByRole('heading', { level: 1, name: 'NeonNova' });
    expect(screen.queryByRole('region', { name: 'Achievements' })).not.toBeInTheDocument();
  });
});
