import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { AppShell } from './AppShell';
import { callsTo, handlers, server } from '../../testing/api';
import { neo } from '../../testing/factories';
import { renderApp } from '../../testing/render-app';
import { signedInStore } from '../../testing/store';

// A file of its own: the field must be there at the first opening of the page, before any
// other test has opened (and so loaded) the search.

afterEach(() => {
  vi.useRealTimers();
});

it('the keys typed right after tapping the search icon all land in the field, and it searches', async () => {
  server.use(
    handlers.searchUsers(({ query }) => ({
      body: {
        data: [
          { id: '7d3c1a52-0b8e-4a5e-9d0f-6f1e2c3b4a51', name: `${query.get('searchterm')}-player` },
        ],
      },
    })),
  );
  const store = await signedInStore(neo(), { sub: 'sub-1' });
  await renderApp(
    [{ Component: AppShell, children: [{ path: '/home', element: <h1>Home</h1> }] }],
    {
      path: '/home',
      store,
    },
  );
  // Testing Library drives fake timers only when it sees a `jest` global; give it vitest's.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const user = userEvent.setup({ delay: null });

  // The tap, then the keys at once: they go wherever the focus is.
  await user.click(screen.getByRole('button', { name: 'Suche öffnen' }));
  await user.keyboard('Hug');

  const field = screen.getByRole('searchbox', { name: 'Spieler suchen' });
  expect(field).toHaveFocus();
  expect(field).toHaveValue('Hug');
  // Spec §5: the search fires 1000 ms after the last key, with the whole term.
  await act(async () => void (await vi.advanceTimersByTimeAsync(999)));
  expect(callsTo('GET', '/api/user')).toHaveLength(0);
  await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
  await waitFor(() => expect(callsTo('GET', '/api/user')).toHaveLength(1));
  expect(callsTo('GET', '/api/user')[0]?.path).toBe('/api/user?searchterm=Hug');
  expect(await screen.findByRole('link', { name: 'Hug-player' })).toBeVisible();
});
