import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../../components/ui';
import { apiCalls, callsTo, deferred, handlers, server } from '../../testing/api';
import { BLAZE, ME, NOVA, ownProfile, profile } from '../../testing/factories';
import { liveGameStored } from '../live';
import { api } from '../../lib/api/base';
import { renderProfile } from './testing';
import { profileLoadBegin } from './state/profile-slice';
import { signedInStore, unregisteredStore } from '../../testing/store';

const friendsPath = '/api/user/me/friends';
const friendsCalls = () => callsTo('GET', friendsPath).length;

beforeEach(() => {
  server.use(handlers.getProfile({ body: ownProfile({ earlyAdopter: true }) }, { id: ME }));
  server.use(handlers.getProfile({ body: profile() }, { id: NOVA }));
  server.use(
    handlers.getProfile(
      {
        body: profile({ id: BLAZE, userName: 'Blaze', name: 'Blaze' }),
      },
      { id: BLAZE },
    ),
  );
  server.use(handlers.getOwnFriends({ body: { friends: [{ userId: BLAZE, userName: 'Blaze' }] } }));
  server.use(handlers.getStatistics({ body: { data: { statistics: [] } } }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

const tabNames = () =>
  within(screen.getByRole('navigation', { name: 'Profilbereiche' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('profile page', () => {
  it('shows a spinner while the profile loads, then the header', async () => {
    const answer = deferred();
    server.use(
      handlers.getProfile(
        {
          body: ownProfile({ earlyAdopter: true }),
          wait: answer.promise,
        },
        { id: ME },
      ),
    );
    await renderProfile(`/profile/${ME}`, ownProfile());
    expect(screen.getByRole('status')).toHaveTextContent('Profil wird geladen …');
    await act(async () => answer.resolve());
    expect(await screen.findByRole('heading', { level: 1, name: 'Me' })).toBeInTheDocument();
    expect(screen.getByText('Early adopter')).toBeInTheDocument();
  });

  it('own profile: tabs Statistics, Games, Friends; no Add Friend', async () => {
    await renderProfile(`/profile/${ME}`, ownProfile());
    await screen.findByRole('heading', { level: 1, name: 'Me' });
    expect(tabNames()).toEqual(['Statistiken', 'Spiele', 'Freunde']);
    // The default child is statistics.
    expect(screen.getByRole('link', { name: 'Statistiken' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await waitFor(() => expect(friendsCalls()).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: 'Add Friend' })).not.toBeInTheDocument();
  });

  it("another player's profile: no Friends tab, no badge unless they have it", async () => {
    await renderProfile(`/profile/${NOVA}`, ownProfile(), 'en');
    await screen.findByRole('heading', { level: 1, name: 'NeonNova' });
    expect(
      within(screen.getByRole('navigation', { name: 'Profile sections' }))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Statistics', 'Games']);
    expect(screen.queryByText('Early adopter')).not.toBeInTheDocument();
  });

  it('Add Friend on a non-friend: adds by friendId, toasts, reloads the friends, then hides', async () => {
    let friends = [{ userId: BLAZE, userName: 'Blaze' }];
    server.use(handlers.getOwnFriends(() => ({ body: { friends } })));
    server.use(
      handlers.addFriend((call) => {
        friends = [...friends, { userId: NOVA, userName: 'NeonNova' }];
        return {
          status: 201,
          body: {
            success: true,
            friend: { userId: call.body.friendId, userName: 'NeonNova' },
          },
        };
      }),
    );
    const { user } = await renderProfile(`/profile/${NOVA}`, ownProfile());
    const add = await screen.findByRole('button', { name: 'Add Friend' });
    const before = friendsCalls();
    await user.click(add);
    expect(await screen.findByText('Friend added')).toBeInTheDocument();
    expect(callsTo('POST', friendsPath)[0]?.body).toEqual({ friendId: NOVA });
    await waitFor(() => expect(friendsCalls()).toBe(before + 1));
    expect(screen.queryByRole('button', { name: 'Add Friend' })).not.toBeInTheDocument();
    expect(screen.getByText('Freund')).toBeInTheDocument();
    // The button that took its place has the keyboard focus, not the page.
    expect(await screen.findByRole('button', { name: 'Freund entfernen' })).toHaveFocus();
  });

  it('no Add Friend on a friend', async () => {
    await renderProfile(`/profile/${BLAZE}`, ownProfile());
    await screen.findByRole('heading', { level: 1, name: 'Blaze' });
    await waitFor(() => expect(screen.getByText('Freund')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Add Friend' })).not.toBeInTheDocument();
  });

  it('too many adds in a short time (429) say so, not that this player failed', async () => {
    server.use(
      handlers.addFriend({
        status: 429,
        body: {
          error: { code: 'rate_limited', message: 'At most 30 friends added per 60 minutes' },
        },
      }),
    );
    const { user } = await renderProfile(`/profile/${NOVA}`, ownProfile());
    await user.click(await screen.findByRole('button', { name: 'Add Friend' }));
    expect(
      await screen.findByText(
        'Du hast gerade viele Freunde hinzugefügt. Versuch es etwas später noch einmal.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Friend' })).toBeEnabled();
  });

  it('a failed add tells so and keeps the button', async () => {
    server.use(
      handlers.addFriend({
        status: 500,
        body: { error: { code: 'internal', message: 'x' } },
      }),
    );
    const { user } = await renderProfile(`/profile/${NOVA}`, ownProfile());
    await user.click(await screen.findByRole('button', { name: 'Add Friend' }));
    expect(
      await screen.findByText('NeonNova konnte nicht als Freund hinzugefügt werden.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Friend' })).toBeEnabled();
  });

  it('Add Friend keeps the keyboard focus while it adds, and after a failed add', async () => {
    const answer = deferred();
    server.use(
      handlers.addFriend({
        status: 500,
        body: { error: { code: 'internal', message: 'x' } },
        wait: answer.promise,
      }),
    );
    const { user } = await renderProfile(`/profile/${NOVA}`, ownProfile());
    const add = await screen.findByRole('button', { name: 'Add Friend' });
    add.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(callsTo('POST', friendsPath)).toHaveLength(1));
    // Not `disabled`, which drops the focus to the page; a second press sends nothing.
    expect(add).toHaveFocus();
    expect(add).toBeEnabled();
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAttribute('aria-busy', 'true');
    await user.keyboard('{Enter}');
    await act(async () => answer.resolve());
    expect(
      await screen.findByText('NeonNova konnte nicht als Freund hinzugefügt werden.'),
    ).toBeInTheDocument();
    expect(add).not.toHaveAttribute('aria-disabled');
    expect(add).toHaveFocus();
    expect(callsTo('POST', friendsPath)).toHaveLength(1);
  });

  it('friends reload after navigating to a user and again after their profile loads', async () => {
    const { router } = await renderProfile(`/profile/${NOVA}`, ownProfile());
    await screen.findByRole('heading', { level: 1, name: 'NeonNova' });
    await waitFor(() => expect(friendsCalls()).toBeGreaterThanOrEqual(1));
    const held = deferred();
    server.use(
      handlers.getProfile(
        {
          body: profile({ id: BLAZE, userName: 'Blaze', name: 'Blaze' }),
          wait: held.promise,
        },
        { id: BLAZE },
      ),
    );
    const beforeNavigation = friendsCalls();
    await act(() => router.navigate(`/profile/${BLAZE}`));
    // Navigated: reloaded while Blaze's profile is still on its way.
    await waitFor(() => expect(friendsCalls()).toBe(beforeNavigation + 1));
    expect(screen.queryByRole('heading', { level: 1, name: 'Blaze' })).not.toBeInTheDocument();
    await act(async () => held.resolve());
    await screen.findByRole('heading', { level: 1, name: 'Blaze' });
    // Loaded: reloaded once more.
    await waitFor(() => expect(friendsCalls()).toBe(beforeNavigation + 2));
  });

  it('a player not registered yet is not asked for a friends list; once registered, it is', async () => {
    const store = await unregisteredStore({ sub: 'sub-new' });
    store.dispatch(profileLoadBegin(NOVA));
    // The own profile's answer (404) is in: the listener has decided by now.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(friendsCalls()).toBe(0);

    const registered = await signedInStore();
    registered.dispatch(profileLoadBegin(NOVA));
    await waitFor(() => expect(friendsCalls()).toBe(1));
  });

  it('a 404 on the own profile goes to the registration', async () => {
    server.use(
      handlers.getProfile(
        {
          status: 404,
          body: { error: { code: 'not_found', message: 'No such user' } },
        },
        { id: ME },
      ),
    );
    await renderProfile(`/profile/${ME}`, ownProfile());
    expect(await screen.findByText('registration page')).toBeInTheDocument();
  });

  it("a 404 on someone else's profile says the player does not exist", async () => {
    await renderProfile('/profile/55555555-5555-4555-8555-555555555555', ownProfile());
    expect(await screen.findByRole('alert')).toHaveTextContent('Diesen Spieler gibt es nicht');
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).not.toBeInTheDocument();
  });

  it.each([
    ['profile_private', 'Dieses Profil ist privat'],
    ['profile_friends_only', 'Nur für Freunde sichtbar'],
  ])(
    'a profile hidden by its visibility (403 %s) says so, not "not found"',
    async (code, title) => {
      server.use(
        handlers.getProfile(
          { status: 403, body: { error: { code, message: 'hidden' } } },
          { id: NOVA },
        ),
      );
      await renderProfile(`/profile/${NOVA}`, ownProfile());
      expect(await screen.findByRole('heading', { name: title })).toBeVisible();
      expect(screen.getByRole('status')).not.toHaveTextContent('Diesen Spieler gibt es nicht');
      expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).not.toBeInTheDocument();
    },
  );

  it('a malformed id (/profile/not-a-uuid) says the player does not exist, asking the API nothing', async () => {
    await renderProfile('/profile/not-a-uuid', ownProfile());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Diesen Spieler gibt es nicht');
    expect(alert).not.toHaveTextContent(/Verbindung/);
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).not.toBeInTheDocument();
    expect(apiCalls.filter((call) => call.path.includes('not-a-uuid'))).toEqual([]);
  });

  it('other failures show a friendly error with retry', async () => {
    let fail = true;
    server.use(
      handlers.getProfile(
        () =>
          fail
            ? { status: 503, body: { error: { code: 'unavailable', message: 'down' } } }
            : { body: profile() },
        { id: NOVA },
      ),
    );
    const { user, store } = await renderProfile(`/profile/${NOVA}`, ownProfile());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Das Profil konnte nicht geladen werden',
    );
    expect(store.getState().profile?.error?.status).toBe(503);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'NeonNova' })).toBeInTheDocument();
  });
  it('a game arriving on the live channel reloads the own profile in place, not into an error', async () => {
    const { store } = await renderProfile(`/profile/${ME}`, ownProfile());
    await screen.findByRole('heading', { level: 1, name: 'Me' });
    const answer = deferred();
    const after = ownProfile();
    after.userStatistics = { ...after.userStatistics, gamesPlayed: 9 };
    server.use(handlers.getProfile({ body: after, wait: answer.promise }, { id: ME }));
    // As the live channel handles `event: game` (refreshAfterGame): the action (its listener
    // reloads the profile), then the tags of what changed, the profile's among them, while that
    // load is on its way.
    act(() => {
      store.dispatch(liveGameStored({ gameId: 'g-new', applicationId: 'commando' }));
      store.dispatch(
        api.util.invalidateTags([
          { type: 'Profile', id: ME },
          { type: 'Games', id: ME },
          'Leaderboard',
        ]),
      );
    });
    await act(async () => answer.resolve());
    await waitFor(() =>
      expect(screen.getByText('Spiele', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
        '9',
      ),
    );
    expect(screen.queryByText('Das Profil konnte nicht geladen werden')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Me' })).toBeInTheDocument();
  });
});
