import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../components/ui/toast-store';
import {
  apiCalls,
  apiError,
  callsTo,
  deferred,
  handlers,
  server,
  type Reply,
} from '../../testing/api';
import { CARD_URL as cardUrl, friend, neo, userSummary, visit } from '../../testing/factories';
import { fakeScanner } from '../../testing/fake-scanner';
import { renderApp } from '../../testing/render-app';
import { signedInStore } from '../../testing/store';
import type * as ScannerModule from '../scanner';
import { Component as VisitPage } from './VisitPage';

vi.mock('../scanner', async (importOriginal) => ({
  ...(await importOriginal<typeof ScannerModule>()),
  Scanner: (await import('../../testing/fake-scanner')).FakeScanner,
}));

const me = neo();
const cardOwner = userSummary();

afterEach(() => {
  fakeScanner.reset();
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

/** The visit routes: the visits list, recording a visit, adding a friend. */
function serve({
  visits = [morpheus, visit()],
  record,
}: { visits?: (typeof morpheus)[]; record?: Reply<typeof morpheus> } = {}) {
  const state = { visits: [...visits] };
  server.use(
    handlers.getVisits(() => ({ body: { visits: state.visits } })),
    handlers.recordVisit(() => record ?? { status: 201, body: visit() }),
    handlers.addFriend(({ body: { friendId } }) => {
      state.visits = state.visits.map((v) => (v.userId === friendId ? { ...v, friend: true } : v));
      return { status: 201, body: { success: true, friend: friend(friendId, 'trinity') } };
    }),
    handlers.getOwnFriends({ body: { friends: [] } }),
  );
}
/** What the app sent, call by call. */
const sent = () => apiCalls.map(({ method, path, body }) => ({ method, path, body }));

async function renderVisit() {
  const store = await signedInStore(me);
  // The toasts are read from the toast store.
  return renderApp(
    [
      { path: '/visit', Component: VisitPage },
      { path: '/profile/:id', Component: ProfileStub },
    ],
    { path: '/visit', store, toaster: false },
  );
}

describe('/visit', () => {
  it('lists the players met recently, each linking to their profile', async () => {
    serve();
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
    serve({ visits: [] });
    await renderVisit();
    expect(await screen.findByText('Du hast noch niemanden getroffen')).toBeVisible();
  });

  it('a scanned card records the visit and opens that player’s profile', async () => {
    serve();
    const { router } = await renderVisit();
    await screen.findByRole('list');
    await fakeScanner.scan(cardUrl);
    expect(await screen.findByText(`profile ${cardOwner.id}`)).toBeVisible();
    expect(router.state.location.pathname).toBe(`/profile/${cardOwner.id}`);
    expect(sent()).toContainEqual({
      method: 'POST',
      path: '/api/visits',
      body: { userId: cardOwner.id },
    });
    expect(getToasts().map((t) => t.title)).toContain('Treffen mit trinity gespeichert');
  });

  it('the own card and other codes are refused without recording anything', async () => {
    serve();
    await renderVisit();
    await screen.findByRole('list');
    await fakeScanner.scan(`https://arcadia.example/u/${me.id}`);
    expect(screen.getByRole('alert')).toHaveTextContent('Das ist deine eigene Karte.');
    await fakeScanner.scan('deviceId=berlin;arena-1');
    expect(screen.getByRole('alert')).toHaveTextContent('Das ist keine Spielerkarte.');
    expect(sent().filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('a card of nobody is refused; scanning goes on', async () => {
    serve({ record: apiError(404, 'not_found', 'No such user') });
    const { router } = await renderVisit();
    await fakeScanner.scan(cardUrl);
    expect(screen.getByRole('alert')).toHaveTextContent('Diese Karte gehört zu keinem Spieler.');
    expect(router.state.location.pathname).toBe('/visit');
  });

  it('adds a met player as a friend with the toast "Friend added"', async () => {
    serve();
    await renderVisit();
    const add = await screen.findByRole('button', { name: 'trinity als Freund hinzufügen' });
    add.focus();
    await userEvent.keyboard('{Enter}');
    expect(sent()).toContainEqual({
      method: 'POST',
      path: '/api/user/me/friends',
      body: { friendId: cardOwner.id },
    });
    expect(getToasts().map((t) => t.title)).toContain('Friend added');
    // The list reloads and shows the new friend.
    const items = await screen.findAllByRole('listitem');
    await vi.waitFor(() => expect(items[1]).toHaveTextContent('Freund'));
    expect(screen.queryByRole('button', { name: 'trinity als Freund hinzufügen' })).toBeNull();
    // The button gave way to the badge: the keyboard focus goes to the player's name, not the page.
    expect(within(items[1]!).getByRole('link', { name: 'trinity' })).toHaveFocus();
  });

  it('the add button keeps the keyboard focus while it adds, and after a failed add', async () => {
    serve();
    const answer = deferred();
    server.use(handlers.addFriend({ ...apiError(500, 'internal', 'x'), wait: answer.promise }));
    const user = userEvent.setup();
    await renderVisit();
    const add = await screen.findByRole('button', { name: 'trinity als Freund hinzufügen' });
    add.focus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(callsTo('POST', '/api/user/me/friends')).toHaveLength(1));
    // Not `disabled`, which drops the focus to the page; a second press sends nothing.
    expect(add).toHaveFocus();
    expect(add).toBeEnabled();
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAttribute('aria-busy', 'true');
    await user.keyboard('{Enter}');
    answer.resolve();
    await vi.waitFor(() =>
      expect(getToasts().map((t) => t.title)).toContain(
        'trinity konnte nicht als Freund hinzugefügt werden.',
      ),
    );
    expect(add).not.toHaveAttribute('aria-disabled');
    expect(add).toHaveFocus();
    expect(callsTo('POST', '/api/user/me/friends')).toHaveLength(1);
  });
});
