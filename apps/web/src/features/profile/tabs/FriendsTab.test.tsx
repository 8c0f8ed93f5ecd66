import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../../test/fake-api';
import { BLAZE, ME, NOVA, ownProfile, profile, signedIn } from '../../../../test/player-fixtures';
import { renderProfile } from '../testing';

let server: FakeApi;
beforeEach(() => {
  server = installFakeApi();
  server.on('GET', `/api/user/${ME}/details`, { body: ownProfile() });
  server.on('GET', `/api/user/${NOVA}/details`, { body: profile() });
  server.on('POST', '/graphql', { body: { data: { statistics: [] } } });
});
afterEach(() => vi.unstubAllGlobals());

describe('friends tab', () => {
  it('links to each friend’s profile', async () => {
    server.on('GET', '/api/user/me/friends', {
      body: {
        friends: [
          { userId: NOVA, userName: 'NeonNova' },
          { userId: BLAZE, userName: 'Blaze' },
        ],
      },
    });
    await renderProfile(`/profile/${ME}/friends`, signedIn());
    expect(await screen.findByRole('link', { name: /NeonNova/ })).toHaveAttribute(
      'href',
      `/profile/${NOVA}`,
    );
    expect(screen.getByRole('link', { name: /Blaze/ })).toHaveAttribute(
      'href',
      `/profile/${BLAZE}`,
    );
  });

  it("says 'Du hast keine Freunde' without friends (in English too)", async () => {
    server.on('GET', '/api/user/me/friends', { body: { friends: [] } });
    await renderProfile(`/profile/${ME}/friends`, signedIn(), 'en');
    expect(await screen.findByText('Du hast keine Freunde')).toBeInTheDocument();
  });

  it('a load error empties the list', async () => {
    server.on('GET', '/api/user/me/friends', {
      status: 500,
      body: { error: { code: 'internal', message: 'x' } },
    });
    const { store } = await renderProfile(`/profile/${ME}/friends`, signedIn());
    expect(await screen.findByText('Du hast keine Freunde')).toBeInTheDocument();
    expect(store.getState().friends?.friends).toEqual([]);
    expect(store.getState().friends?.error?.status).toBe(500);
  });

  it('is only on the own profile: elsewhere it goes to the profile’s statistics', async () => {
    server.on('GET', '/api/user/me/friends', { body: { friends: [] } });
    const { router } = await renderProfile(`/profile/${NOVA}/friends`, signedIn());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/profile/${NOVA}`));
    expect(await screen.findByRole('heading', { name: 'Übersicht' })).toBeInTheDocument();
  });
});
