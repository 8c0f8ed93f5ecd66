import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBrowserRouter, RouterProvider, useNavigate } from 'react-router';
import { stepOverClosedOverlayEntries, useBackCloses } from './back-closes';

function mark(): unknown {
  return (window.history.state as Record<string, unknown> | null)?.arcadiaOverlay;
}

/** Waits for the browser's popstate after a back() (jsdom traverses asynchronously). */
function popped() {
  return new Promise<void>((resolve) =>
    window.addEventListener('popstate', () => resolve(), { once: true }),
  );
}

function Overlay({ name, onLeave }: { name: string; onLeave?: () => void }) {
  const [open, setOpen] = useState(false);
  useBackCloses(open, () => setOpen(false));
  return (
    <div>
      <button type="button" onClick={() => setOpen(true)}>
        open {name}
      </button>
      {open && (
        <div role="dialog" aria-label={name}>
          <button type="button" onClick={() => setOpen(false)}>
            close {name}
          </button>
          {onLeave && (
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                onLeave();
              }}
            >
              leave {name}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function Page() {
  const navigate = useNavigate();
  return (
    <>
      <Overlay name="panel" onLeave={() => void navigate('/other')} />
      <Overlay name="inner" />
      <Overlay name="slow" onLeave={() => void navigate('/slow')} />
    </>
  );
}

let releaseSlow = () => {};
const routers: { dispose: () => void }[] = [];

/** The browser's own history (jsdom's), as the app's router uses it. */
function renderPage() {
  window.history.replaceState(null, '', '/page');
  const router = createBrowserRouter([
    { path: '/page', element: <Page /> },
    { path: '/other', element: <h1>other page</h1> },
    {
      path: '/slow',
      // A page whose data takes a while: the navigation is still on its way as the overlay closes.
      loader: () => new Promise<null>((resolve) => (releaseSlow = () => resolve(null))),
      element: <h1>slow page</h1>,
    },
  ]);
  routers.push(router);
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

/**
 * Waits until the history is still: jsdom is shared with the test files before this one, whose
 * dialogs may still be taking their entries off (a step back each, a moment after they closed).
 */
async function historySettled() {
  for (let quiet = 0; quiet < 3;) {
    const moved = await new Promise<boolean>((resolve) => {
      const onPop = () => resolve(true);
      window.addEventListener('popstate', onPop, { once: true });
      setTimeout(() => {
        window.removeEventListener('popstate', onPop);
        resolve(false);
      }, 10);
    });
    quiet = moved ? 0 : quiet + 1;
  }
}

let uninstall = () => {};
beforeEach(async () => {
  uninstall = stepOverClosedOverlayEntries();
  await historySettled();
});

afterEach(() => {
  uninstall();
  releaseSlow();
  // A browser router listens to the window's history: gone with its test (jsdom is shared).
  for (const router of routers.splice(0)) router.dispose();
  // Leave no overlay entry for the next test.
  window.history.replaceState(null, '', '/');
});

describe('useBackCloses: Back closes an open overlay', () => {
  it('adds an entry for the open overlay, and Back closes it', async () => {
    const view = renderPage();
    await view.user.click(screen.getByRole('button', { name: 'open panel' }));
    // Its own entry, on the page's (the length is not asked: other tests' entries may follow).
    expect(mark()).toBeTruthy();
    expect(window.location.pathname).toBe('/page');

    const back = popped();
    act(() => window.history.back());
    await back;
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mark()).toBeUndefined();
    expect(view.router.state.location.pathname).toBe('/page');
  });

  it('takes its entry off again when it is closed another way', async () => {
    const view = renderPage();
    await view.user.click(screen.getByRole('button', { name: 'open panel' }));
    const entry = mark();
    expect(entry).toBeTruthy();
    const back = popped();
    await view.user.click(screen.getByRole('button', { name: 'close panel' }));
    await back;
    expect(mark()).toBeUndefined();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a nested overlay: Back closes the inner one only', async () => {
    const view = renderPage();
    await view.user.click(screen.getByRole('button', { name: 'open panel' }));
    await view.user.click(screen.getByRole('button', { name: 'open inner' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(2);

    const back = popped();
    act(() => window.history.back());
    await back;
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'inner' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'panel' })).toBeTruthy();
    expect(mark()).toBeTruthy();
  });

  it('leaves the history to a navigation begun as it closes', async () => {
    const view = renderPage();
    await view.user.click(screen.getByRole('button', { name: 'open panel' }));
    const entry = mark();
    await view.user.click(screen.getByRole('button', { name: 'leave panel' }));
    await screen.findByRole('heading', { name: 'other page' });
    // No step back was taken: it would have undone the navigation.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(view.router.state.location.pathname).toBe('/other');
    expect(window.location.pathname).toBe('/other');
    // The page was pushed over the overlay's entry: Back steps over that to the page before.
    expect(entry).toBeTruthy();
    act(() => window.history.back());
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/page'));
    await waitFor(() => expect(mark()).toBeUndefined());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("a reload with an overlay open: its entry, no overlay's now, is stepped over at start", async () => {
    uninstall();
    window.history.replaceState(null, '', '/page');
    // What the page before the reload left: its overlay's entry on the page's.
    window.history.pushState({ arcadiaOverlay: 'earlier-load-1' }, '');
    const back = popped();
    uninstall = stepOverClosedOverlayEntries();
    await back;
    expect(mark()).toBeUndefined();
    expect(window.location.pathname).toBe('/page');
  });

  it('leaves the history to a navigation still loading its data as it closes', async () => {
    const view = renderPage();
    await view.user.click(screen.getByRole('button', { name: 'open slow' }));
    await view.user.click(screen.getByRole('button', { name: 'leave slow' }));
    expect(view.router.state.navigation.state).toBe('loading');
    await new Promise((resolve) => setTimeout(resolve, 20));
    releaseSlow();
    await screen.findByRole('heading', { name: 'slow page' });
    expect(window.location.pathname).toBe('/slow');
  });
});
