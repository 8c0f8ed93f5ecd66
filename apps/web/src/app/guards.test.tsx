import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../lib/store/store';
import {
  RequireOtherProfile,
  RequireOwnProfile,
  RequireRegistered,
  RequireSignedIn,
  UserCardRedirect,
} from './guards';
import { loginSuccess, meApi } from '../features/auth';
import { apiCalls, apiError, handlers, server, type Reply } from '../testing/api';
import { neo } from '../testing/factories';
import { renderApp } from '../testing/render-app';
import { signedOutStore } from '../testing/store';

const me = neo({ earlyAdopter: true });

function Where({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} at {location.pathname} from {(location.state as { from?: string } | null)?.from ?? '-'}
    </p>
  );
}

const routes = [
  { path: '/login', element: <Where name="login" /> },
  { path: '/u/:id', Component: UserCardRedirect },
  {
    Component: RequireSignedIn,
    children: [
      { path: '/login/registration', element: <Where name="registration" /> },
      {
        Component: RequireRegistered,
        children: [
          { path: '/play', element: <Where name="play" /> },
          { path: '/profile/:id', element: <Where name="profile" /> },
          {
            Component: RequireOwnProfile,
            children: [{ path: '/profile/:id/friends', element: <Where name="friends" /> }],
          },
          {
            Component: RequireOtherProfile,
            children: [{ path: '/profile/:id/compare', element: <Where name="compare" /> }],
          },
        ],
      },
    ],
  },
];

async function signedIn(reply: Reply<typeof me>) {
  server.use(handlers.getMe(reply));
  const store = makeStore();
  store.dispatch(loginSuccess({ account: { sub: 'sub-1' } }));
  void store.dispatch(meApi.endpoints.getMe.initiate());
  return { store };
}

describe('guards', () => {
  it('while the session is checked at start, a spinner', async () => {
    await renderApp(routes, { path: '/play' });
    expect(screen.getByRole('status')).toHaveTextContent('Anmeldung wird geprüft');
  });

  it('not signed in: to /login, remembering the target', async () => {
    await renderApp(routes, { path: '/profile/abc/friends?x=1', store: signedOutStore() });
    expect(await screen.findByText('login at /login from /profile/abc/friends?x=1')).toBeVisible();
  });

  it('signed in but not registered (me answers 404): to /login/registration, remembering the target', async () => {
    const { store } = await signedIn(apiError(404, 'not_registered', 'no profile'));
    await renderApp(routes, { path: '/play?deviceId=arcadia-berlin;arena-2', store });
    expect(
      await screen.findByText(
        'registration at /login/registration from /play?deviceId=arcadia-berlin;arena-2',
      ),
    ).toBeVisible();
  });

  it('registration itself only needs a sign-in', async () => {
    const { store } = await signedIn(apiError(404, 'not_registered', 'no profile'));
    await renderApp(routes, { path: '/login/registration', store });
    expect(await screen.findByText(/registration at/)).toBeVisible();
  });

  it('signed in and registered: the page', async () => {
    const { store } = await signedIn({ body: me });
    await renderApp(routes, { path: '/play', store });
    expect(await screen.findByText(/play at \/play/)).toBeVisible();
  });

  it('the own profile lookup failing otherwise: an error with retry, no redirect', async () => {
    const { store } = await signedIn(apiError(500, 'internal', 'boom'));
    await renderApp(routes, { path: '/play', store });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dein Profil konnte nicht geladen werden.',
    );
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
    expect(apiCalls.length).toBeGreaterThanOrEqual(1);
  });

  it('the friends tab only on the own profile', async () => {
    const { store } = await signedIn({ body: me });
    const { router } = await renderApp(routes, { path: `/profile/${me.id}/friends`, store });
    expect(await screen.findByText(`friends at /profile/${me.id}/friends from -`)).toBeVisible();
    await router.navigate('/profile/other-player/friends');
    expect(await screen.findByText('profile at /profile/other-player from -')).toBeVisible();
  });

  it("the compare tab only on another player's profile; on the own, its first tab", async () => {
    const { store } = await signedIn({ body: me });
    const { router } = await renderApp(routes, { path: `/profile/${me.id}/compare`, store });
    expect(await screen.findByText(`profile at /profile/${me.id} from -`)).toBeVisible();
    await router.navigate('/profile/other-player/compare');
    expect(
      await screen.findByText('compare at /profile/other-player/compare from -'),
    ).toBeVisible();
  });

  it('a user card link /u/{id} opens that profile through the guards', async () => {
    const { router } = await renderApp(routes, { path: '/u/0b1f-42', store: signedOutStore() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getByText('login at /login from /profile/0b1f-42')).toBeVisible();
  });
});
