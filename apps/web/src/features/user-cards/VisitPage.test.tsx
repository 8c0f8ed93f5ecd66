import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearToasts, getToasts } from '../../components/ui/toast-store';
import { createTestI18n } from '../../lib/testing/i18n';
import type * as ScannerModule from '../scanner';
import { fakeScanner } from './fake-scanner';
import { apiError, installFakeApi, type FakeCall, type FakeReply } from './test-api';
import { cardOwner, cardUrl, me, signedInStore, visit } from './test-fixtures';
import { Component as VisitPage } from './VisitPage';

vi.mock('../scanner', async (importOriginal) => ({
  ...(await importOriginal<typeof ScannerModule>()),
  Scanner: (await import('./fake-scanner')).FakeScanner,
}));

let de: i18n;
beforeAll(async () => {
  de = await createTestI18n('de');
});
afterEach(() => {
  vi.unstubAllGlobals();
  fakeScanner.reset();
  clearToasts();
});

function ProfileStub() {
  const { id } = useParams();
  return <p>profile {id}</p>;
}

const morpheus = visit({
  userId: '3c2d1e0f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  userName: 'morpheus',
  arcade: { id: 'berlin', name: 'Arcadia Berlin' },
  friend: true,
});

/** A small server: the visits list, recording a visit, adding a friend. */
function server({
  visits = [morpheus, visit()],
  record,
}: { visits?: (typeof morpheus)[]; record?: FakeReply } = {}) {
  const state = { visits: [...visits] };
  const api = installFakeApi((call: FakeCall): FakeReply => {
    if (call.method === 'GET' && call.path === '/api/visits')
      return { status: 200, body: { visits: state.visits } };
    if (call.method === 'POST' && call.path === '/api/visits')
      return record ?? { status: 201, body: visit() };
    if (call.method === 'POST' && call.path === '/api/user/me/friends') {
      const { friendId } = call.body as { friendId: string };
      state.visits = state.visits.map((v) => (v.userId === friendId ? { ...v, friend: true } : v));
      return {
        status: 201,
        body: { success: true, friend: { userId: friendId, userName: 'trinity' } },
      };
    }
    if (call.method === 'GET' && call.path === '/api/user/me/friends')
      return { status: 200, body: { friends: [] } };
    return apiError(404, 'not_found', `no route ${call.method} ${call.path}`);
  });
  return api;
}

async function renderVisit(lang = de) {
  const store = await signedInStore();
  const router = createMemoryRouter(
    [
      { path: '/visit', Component: VisitPage },
      { path: '/profile/:id', Component: ProfileStub },
    ],
    { initialEntries: ['/visit'] },
  );
  render(
    <Provider store={store}>
      <I18nextProvider i18n={lang}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>,
  );
  return { store, router };
}

describe('/visit', () => {
  it('lists the players met recently, each linking to their profile', async () => {
    server();
    await renderVisit();
    expect(screen.getByRole('heading', { name: 'Spieler treffen' })).toBeVisible();
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'morpheus' })).toHaveAttribute(
      'href',
      `/profile/${morpheus.userId}`,
    );
    expect(items[0]).toHaveTextContent('Arcadia Berlin');
    expect(items[0]).toHaveTextContent('Freund');
    expect(within(items[1]!).getByRole('link', { name: 'trinity' })).toBeVisible();
    expect(
      within(items[1]!).getByRole('button', { name: 'trinity als Freund hinzufügen' }),
    ).toBeVisible();
  });

  it('says so when nobody was met yet', async () => {
    server({ visits: [] });
    await renderVisit();
    expect(await screen.findByText('Du hast noch niemanden getroffen')).toBeVisible();
  });

  it('a scanned card records the visit and opens that player’s profile', async () => {
    const { calls } = server();
    const { router } = await renderVisit();
    await screen.findByRole('list');
    await fakeScanner.scan(cardUrl);
    expect(await screen.findByText(`profile ${cardOwner.id}`)).toBeVisible();
    expect(router.state.location.pathname).toBe(`/profile/${cardOwner.id}`);
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/api/visits',
      body: { userId: cardOwner.id },
    });
    expect(getToasts().map((t) => t.title)).toContain('Treffen mit trinity gespeichert');
  });

  it('the own card and other codes are refused without recording anything', async () => {
    const { calls } = server();
    await renderVisit();
    await screen.findByRole('list');
    await fakeScanner.scan(`https://arcadia.example/u/${me.id}`);
    expect(screen.getByRole('alert')).toHaveTextContent('Das ist deine eigene Karte.');
    await fakeScanner.scan('deviceId=berlin;arena-1');
    expect(screen.getByRole('alert')).toHaveTextContent('Das ist keine Spielerkarte.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('a card of nobody is refused; scanning goes on', async () => {
    server({ record: apiError(404, 'not_found', 'No such user') });
    const { router } = await renderVisit();
    await fakeScanner.scan(cardUrl);
    expect(screen.getByRole('alert')).toHaveTextContent('Diese Karte gehört zu keinem Spieler.');
    expect(router.state.location.pathname).toBe('/visit');
  });

  it('adds a met player as a friend with the toast "Friend added"', async () => {
    const { calls } = server();
    await renderVisit();
    await userEvent.click(
      await screen.findByRole('button', { name: 'trinity als Freund hinzufügen' }),
    );
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/api/user/me/friends',
      body: { friendId: cardOwner.id },
    });
    expect(getToasts().map((t) => t.title)).toContain('Friend added');
    // The list reloads and shows the new friend.
    const items = await screen.findAllByRole('listitem');
    await vi.waitFor(() => expect(items[1]).toHaveTextContent('Freund'));
    expect(screen.queryByRole('button', { name: 'trinity als Freund hinzufügen' })).toBeNull();
  });
});
