import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FriendComparison } from '@arcadia/contracts';
import { clearToasts } from '../../../components/ui';
import { apiError, callsTo, deferred, handlers, server } from '../../../testing/api';
import { BLAZE, MODE_NAMES, NOVA, atVenue, ownProfile, profile } from '../../../testing/factories';
import { renderProfile } from '../testing';

const GAME = 'aaaaaaaa-0000-4000-8000-000000000009';
const comparison: FriendComparison = {
  friend: { userId: BLAZE, userName: 'Blaze' },
  gamesTogether: 1,
  gamesAgainst: 3,
  myWins: 2,
  friendWins: 1,
  draws: 0,
  togetherWins: 1,
  games: [
    {
      id: GAME,
      type: 'elimination',
      modeName: MODE_NAMES.elimination,
      mapName: 'Skyline',
      playedAt: atVenue(2025, 3, 14, 18, 30),
      together: false,
      myScore: 900,
      friendScore: 300,
      iWon: true,
      friendWon: false,
    },
  ],
};

let friends = [{ userId: BLAZE, userName: 'Blaze' }];
beforeEach(() => {
  friends = [{ userId: BLAZE, userName: 'Blaze' }];
  server.use(
    handlers.getProfile(
      { body: profile({ id: BLAZE, userName: 'Blaze', name: 'Blaze' }) },
      { id: BLAZE },
    ),
  );
  server.use(handlers.getProfile({ body: profile() }, { id: NOVA }));
  server.use(handlers.getOwnFriends(() => ({ body: { friends } })));
  server.use(handlers.getStatistics({ body: { data: { statistics: [] } } }));
});
afterEach(() => clearToasts());

describe("a friend's profile: compare and remove", () => {
  it('has a Compare tab with the head-to-head record and the common games linking to their pages', async () => {
    server.use(handlers.compareFriend({ body: comparison }, { friendId: BLAZE }));
    await renderProfile(`/profile/${BLAZE}/compare`, ownProfile());
    expect(await screen.findByRole('heading', { name: 'Du gegen Blaze' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Profilbereiche' });
    expect(within(nav).getByRole('link', { name: 'Vergleich' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByText('Deine Siege').nextSibling).toHaveTextContent('2');
    expect(screen.getByText('Siege von Blaze').nextSibling).toHaveTextContent('1');
    expect(screen.getByText(/3 Spiele gegeneinander/)).toHaveTextContent(
      '3 Spiele gegeneinander · 1 Spiel im selben Team (1 gewonnen)',
    );
    const list = screen.getByRole('heading', { name: 'Gemeinsame Spiele' }).nextElementSibling!;
    expect(within(list as HTMLElement).getByRole('link')).toHaveAttribute('href', `/game/${GAME}`);
    // The game's time at the venue, as its card and match page tell it.
    expect(within(list as HTMLElement).getByText('14.03.2025, 18:30')).toBeInTheDocument();
  });

  it('no Compare tab on a non-friend', async () => {
    await renderProfile(`/profile/${NOVA}`, ownProfile());
    await screen.findByRole('heading', { level: 1, name: 'NeonNova' });
    expect(screen.queryByRole('link', { name: 'Vergleich' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Freund entfernen' })).not.toBeInTheDocument();
  });

  it('removes a friend after confirming, then shows Add Friend again', async () => {
    server.use(
      handlers.removeFriend(() => {
        friends = [];
        return { body: { success: true } };
      }),
    );
    const { user } = await renderProfile(`/profile/${BLAZE}`, ownProfile());
    const remove = await screen.findByRole('button', { name: 'Freund entfernen' });
    await user.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Blaze als Freund entfernen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(callsTo('DELETE', `/api/user/me/friends/${BLAZE}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Freund entfernen' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Entfernen' }),
    );
    expect(
      await screen.findByText('Blaze ist nicht mehr in deiner Freundesliste'),
    ).toBeInTheDocument();
    expect(callsTo('DELETE', `/api/user/me/friends/${BLAZE}`)).toHaveLength(1);
    // The button that takes the removed one's place has the keyboard focus.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Friend' })).toHaveFocus());
  });

  it("the dialog's 'Entfernen' keeps the keyboard focus while it removes; refused, the focus goes back to 'Freund entfernen'", async () => {
    const answer = deferred();
    server.use(handlers.removeFriend({ ...apiError(500, 'internal', 'x'), wait: answer.promise }));
    const { user } = await renderProfile(`/profile/${BLAZE}`, ownProfile());
    const remove = await screen.findByRole('button', { name: 'Freund entfernen' });
    remove.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Blaze als Freund entfernen?' });
    const confirm = within(dialog).getByRole('button', { name: 'Entfernen' });
    confirm.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(callsTo('DELETE', `/api/user/me/friends/${BLAZE}`)).toHaveLength(1));
    // Not `disabled`, which drops the focus to the page; a second press sends nothing.
    expect(confirm).toHaveFocus();
    expect(confirm).toBeEnabled();
    expect(confirm).toHaveAttribute('aria-disabled', 'true');
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    await user.keyboard('{Enter}');
    answer.resolve();
    expect(await screen.findByText('Blaze konnte nicht entfernt werden.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Freund entfernen' })).toHaveFocus(),
    );
    expect(callsTo('DELETE', `/api/user/me/friends/${BLAZE}`)).toHaveLength(1);
  });

  it('removing the friend on the Compare tab goes to the statistics tab', async () => {
    server.use(
      handlers.compareFriend({ body: comparison }, { friendId: BLAZE }),
      handlers.removeFriend(() => {
        friends = [];
        return { body: { success: true } };
      }),
    );
    const { user, router } = await renderProfile(`/profile/${BLAZE}/compare`, ownProfile());
    await screen.findByRole('heading', { name: 'Du gegen Blaze' });
    await user.click(screen.getByRole('button', { name: 'Freund entfernen' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Entfernen' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/profile/${BLAZE}`));
    const nav = screen.getByRole('navigation', { name: 'Profilbereiche' });
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Statistiken' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    );
    expect(within(nav).queryByRole('link', { name: 'Vergleich' })).toBeNull();
    expect(screen.queryByText(/nur mit deinen Freunden/)).toBeNull();
    // The comparison is not asked for again once the friend is gone (it would be refused, 403).
    expect(callsTo('GET', `/api/user/me/friends/${BLAZE}/compare`)).toHaveLength(1);
  });

  it('a failed removal says so and keeps the friend', async () => {
    server.use(handlers.removeFriend(apiError(500, 'internal', 'x')));
    const { user } = await renderProfile(`/profile/${BLAZE}`, ownProfile());
    await user.click(await screen.findByRole('button', { name: 'Freund entfernen' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Entfernen' }),
    );
    expect(await screen.findByText('Blaze konnte nicht entfernt werden.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Freund entfernen' })).toBeInTheDocument(),
    );
  });
});
