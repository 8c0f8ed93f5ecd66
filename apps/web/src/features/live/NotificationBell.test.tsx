import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationList } from '@arcadia/contracts';
import { apiCalls, route, server } from '../../testing/api';
import { neo } from '../../testing/factories';
import { renderApp } from '../../testing/render-app';
import { signedInStore } from '../../testing/store';
import { LiveHeaderItem } from './index';

const me = neo();
const getNotifications = route<NotificationList>('get', '/api/notifications');
const markRead = route<{ success: true }, { upTo: number }>('post', '/api/notifications/read');

const result = {
  title: 'Dein Spielergebnis ist da',
  body: 'Gewonnen! 900 Punkte, 5 Kills, 1 Deaths.',
  url: `/profile/${me.id}/games`,
  tag: 'game-1',
};
const list: NotificationList = {
  unread: 1,
  items: [
    {
      id: 7,
      kind: 'match_result',
      createdAt: '2026-11-26T16:00:00.000Z',
      unread: true,
      message: {
        de: result,
        en: { ...result, title: 'Your match result is in', body: 'You won!' },
      },
    },
  ],
};

/** GET /api/live as a stream the test writes events into. */
function liveStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  let opened = 0;
  server.use(
    http.get('/api/live', () => {
      opened += 1;
      return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return {
    send: (type: string, data: unknown) =>
      controller.enqueue(encoder.encode(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`)),
    get opened() {
      return opened;
    },
    end: () => controller.close(),
  };
}

let live: ReturnType<typeof liveStream> | undefined;
afterEach(() => {
  try {
    live?.end();
  } catch {
    // already closed
  }
});

async function renderBell(lang: 'de' | 'en' = 'de') {
  live = liveStream();
  const store = await signedInStore(me);
  const view = await renderApp(
    [
      { path: '/', element: <LiveHeaderItem userId={me.id} /> },
      { path: '/profile/:id/games', element: <p>games page</p> },
    ],
    { path: '/', store, lang },
  );
  return { ...view, live };
}

describe('the notification bell', { timeout: 30_000 }, () => {
  it('shows nothing for a signed-out visitor and opens no stream', async () => {
    live = liveStream();
    await renderApp([{ path: '/', element: <LiveHeaderItem userId={undefined} /> }], {
      path: '/',
    });
    expect(screen.queryByRole('button')).toBeNull();
    expect(live.opened).toBe(0);
  });

  it('counts what the live channel says is unread, and lists it when opened', async () => {
    server.use(getNotifications({ body: list }), markRead({ body: { success: true } }));
    const { live: stream, user } = await renderBell();
    const bell = await screen.findByRole('button', { name: 'Benachrichtigungen' });
    await waitFor(() => expect(stream.opened).toBe(1));
    act(() =>
      stream.send('hello', {
        play: { device: null, online: true, matchRunning: false },
        unread: 0,
      }),
    );
    act(() => stream.send('notifications', { unread: 1 }));
    await screen.findByRole('button', { name: 'Benachrichtigungen, 1 ungelesen' });
    expect(screen.getByTestId('bell-count')).toHaveTextContent('1');

    await user.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Benachrichtigungen' });
    const entry = await within(dialog).findByRole('link', { name: /Dein Spielergebnis ist da/ });
    expect(entry).toHaveAttribute('href', `/profile/${me.id}/games`);
    expect(entry).toHaveTextContent('Gewonnen! 900 Punkte, 5 Kills, 1 Deaths.');
    // The venue's clock (Berlin, UTC+1 in November), in the game cards' medium date, whatever
    // the phone's zone.
    expect(entry).toHaveTextContent('26.11.2026, 17:00');
    // Opening the list marks it read.
    await waitFor(() =>
      expect(
        apiCalls.filter((c) => c.path === '/api/notifications/read').map((c) => c.body),
      ).toEqual([{ upTo: 7 }]),
    );
    expect(screen.getByRole('button', { name: 'Benachrichtigungen' })).toBeInTheDocument();

    // Escape closes the list and the focus returns to the bell.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Benachrichtigungen' })).toHaveFocus();
  });

  it('speaks English', async () => {
    server.use(getNotifications({ body: list }), markRead({ body: { success: true } }));
    const { live: stream, user } = await renderBell('en');
    await waitFor(() => expect(stream.opened).toBe(1));
    act(() =>
      stream.send('hello', {
        play: { device: null, online: true, matchRunning: false },
        unread: 1,
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const entry = await screen.findByRole('link', { name: /Your match result is in/ });
    // The game cards' style: month first, its name, the full year ('Nov 26, 2026, 5 PM').
    expect(entry).toHaveTextContent('Nov 26, 2026, 5:00 PM');
  });
});
