import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handlers, server } from '../../../testing/api';
import { BLAZE, ME, NOVA, ownProfile, profile } from '../../../testing/factories';
import { renderProfile } from '../testing';

beforeEach(() => {
  server.use(handlers.getProfile({ body: ownProfile() }, { id: ME }));
  server.use(handlers.getProfile({ body: profile() }, { id: NOVA }));
  server.use(handlers.getStatistics({ body: { data: { statistics: [] } } }));
});
afterEach(() => vi.unstubAllGlobals());

describe('friends tab', () => {
  it('links to each friend’s profile', async () => {
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
    await renderProfile(`/profile/${ME}/friends`, ownProfile());
    expect(await screen.findByRole('link', { name: /NeonNova/ })).toHaveAttribute(
      'href',
      `/profile/${NOVA}`,
    );
    expect(screen.getByRole('link', { name: /Blaze/ })).toHaveAttribute(
      'href',
      `/profile/${BLAZE}`,
    );
  });

  it("says 'Du hast keine Freunde' without friends, and in English in English", async () => {
    server.use(handlers.getOwnFriends({ body: { friends: [] } }));
    await renderProfile(`/profile/${ME}/friends`, ownProfile(), 'en');
    expect(await screen.findByText('You have no friends yet')).toBeInTheDocument();
    expect(screen.queryByText('Du hast keine Freunde')).not.toBeInTheDocument();
  });

  it('a load error empties the list', async () => {
    server.use(
      handlers.getOwnFriends({
        status: 500,
        body: { error: { code: 'internal', message: 'x' } },
      }),
    );
    const { store } = await renderProfile(`/profile/${ME}/friends`, ownProfile());
    expect(await screen.findByText('Du hast keine Freunde')).toBeInTheDocument();
    expect(store.getState().friends?.friends).toEqual([]);
    expect(store.getState().friends?.error?.status).toBe(500);
  });

  it('is only on the own profile: elsewhere it goes to the profile’s statistics', async () => {
    server.use(handlers.getOwnFriends({ body: { friends: [] } }));
    const { router } = await renderProfile(`/profile/${NOVA}/friends`, ownProfile());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/profile/${NOVA}`));
    expect(await screen.findByRole('heading', { name: 'Übersicht' })).toBeInTheDocument();
  });
});
