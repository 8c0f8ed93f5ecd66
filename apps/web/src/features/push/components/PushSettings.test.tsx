import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore, type RootState } from '../../../lib/store/store';
import { pwaState } from '../../../lib/pwa';
import { apiCalls, callsTo, deferred, handlers, server } from '../../../testing/api';
import { ownProfile as fixtureProfile } from '../../../testing/factories';
import { FakeBrowser, VAPID_KEY } from '../../../testing/fake-push';
import { renderApp } from '../../../testing/render-app';
import { PushSettings } from './PushSettings';

const registered = {
  auth: {
    status: 'signedIn' as const,
    account: { sub: 'sub-me', nickname: 'nova', email: 'nova@example.com' },
    profileStatus: 'registered' as const,
    loading: false,
    error: null,
  },
};
const signedOut = {
  auth: {
    ...registered.auth,
    status: 'signedOut' as const,
    account: null,
    profileStatus: 'none' as const,
  },
};
const unregistered = { auth: { ...registered.auth, profileStatus: 'unregistered' as const } };

const ownProfile = (language: 'de' | 'en') => fixtureProfile({ language });

let browser: FakeBrowser;
beforeEach(() => {
  // The real API client and our real API modules, over the fake API.
  server.use(
    handlers.getPushPublicKey({ body: { publicKey: VAPID_KEY } }),
    handlers.savePushSubscription({ status: 201, body: { success: true } }),
    handlers.deletePushSubscription({ body: { success: true } }),
    handlers.updateOwnProfile(({ body }) => ({ body: ownProfile(body.language ?? 'de') })),
  );
  browser = new FakeBrowser();
});
afterEach(() => {
  vi.unstubAllGlobals();
  pwaState.reset();
});

/** A store in the given auth state (preloaded: the profile itself is not needed here). */
const storeIn = (state: Pick<RootState, 'auth'>) => makeStore(state);

async function renderControl(
  state: Pick<RootState, 'auth'> = registered,
  lang: 'de' | 'en' = 'de',
) {
  const view = await renderApp(
    [{ path: '/settings', element: <PushSettings ports={{ browser }} /> }],
    { path: '/settings', store: storeIn(state), lang },
  );
  const toggle = await screen.findByRole('switch', {
    name: lang === 'de' ? 'Push-Benachrichtigungen' : 'Push notifications',
  });
  await waitFor(() => expect(toggle).toBeEnabled());
  return { toggle, ...view };
}

describe('the notifications switch', () => {
  it('shows off and asks for nothing until the player clicks', async () => {
    const { toggle } = await renderControl();
    expect(screen.getByRole('region', { name: 'Benachrichtigungen' })).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(browser.prompts).toBe(0);
    expect(browser.registered).toBe(false);
    expect(apiCalls).toHaveLength(0);
  });

  it('on: prompt after the click, subscribe with the server’s key, POST the subscription', async () => {
    const { user, toggle } = await renderControl();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(browser.prompts).toBe(1);
    const [post] = callsTo('POST', '/api/push/subscriptions');
    expect(post?.body).toEqual({
      endpoint: browser.manager.current!.endpoint,
      expirationTime: null,
      keys: browser.manager.current!.toJSON().keys,
    });
    expect(
      screen.getByText('Benachrichtigungen sind für dieses Gerät eingeschaltet.'),
    ).toBeVisible();
  });

  it('off: the browser’s subscription ends and DELETE tells the server its endpoint', async () => {
    browser.registered = true;
    browser.permissionState = 'granted';
    const { endpoint } = browser.manager.existing();
    const { user, toggle } = await renderControl();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(callsTo('DELETE', '/api/push/subscriptions').map((c) => c.body)).toEqual([{ endpoint }]);
    expect(browser.manager.current).toBeNull();
  });

  it('shows the change in progress and blocks a second click, keeping the focus', async () => {
    const hold = deferred();
    server.use(
      handlers.savePushSubscription({
        status: 201,
        body: { success: true },
        wait: hold.promise,
      }),
    );
    const { user, toggle } = await renderControl();
    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-disabled', 'true'));
    expect(toggle).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByText('Wird eingeschaltet …').length).toBeGreaterThan(0);
    // Not `disabled`, which drops the focus to the page; the second press does nothing.
    expect(toggle).toBeEnabled();
    expect(toggle).toHaveFocus();
    await user.click(toggle);
    hold.resolve();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(toggle).not.toHaveAttribute('aria-disabled');
    expect(toggle).toHaveFocus();
    expect(callsTo('POST', '/api/push/subscriptions')).toHaveLength(1);
  });

  it('"Unsubscribe failed!" in English, "Abmelden fehlgeschlagen!" in German', async () => {
    for (const [lang, message] of [
      ['en', 'Unsubscribe failed!'],
      ['de', 'Abmelden fehlgeschlagen!'],
    ] as const) {
      browser = new FakeBrowser();
      browser.registered = true;
      browser.permissionState = 'granted';
      browser.manager.existing();
      browser.manager.unsubscribeResult = false;
      const { user, toggle, unmount } = await renderControl(registered, lang);
      await user.click(toggle);
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(toggle).toHaveAttribute('aria-checked', 'true');
      unmount();
    }
  });

  it('"Not subscribed to push notifications." when the subscription is already gone', async () => {
    browser.registered = true;
    browser.permissionState = 'granted';
    browser.manager.existing();
    const { user, toggle } = await renderControl(registered, 'en');
    browser.manager.current = null; // ended elsewhere (browser settings) after the page read it
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not subscribed to push notifications.',
    );
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  it('a refused prompt leaves it off and explains', async () => {
    browser.promptAnswer = 'denied';
    const { user, toggle } = await renderControl();
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ohne deine Erlaubnis können wir keine Benachrichtigungen senden.',
    );
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toBeDisabled();
    expect(screen.getByText(/in deinem Browser blockiert/)).toBeVisible();
    expect(callsTo('POST', '/api/push/subscriptions')).toHaveLength(0);
  });

  it('a server that refuses: the subscription is undone and the message shown', async () => {
    server.use(
      handlers.savePushSubscription({
        status: 503,
        body: { error: { code: 'unavailable', message: 'down' } },
      }),
    );
    const { user, toggle } = await renderControl();
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Der Server ist gerade nicht erreichbar.',
    );
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(browser.manager.current).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Meldung schließen' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('signed out or without a profile: off, disabled, and says why', async () => {
    const first = await renderControl
      .bind(null)(registered)
      .catch(() => undefined);
    first?.unmount();
    for (const [state, text] of [
      [signedOut, 'Melde dich an, um Benachrichtigungen zu erhalten.'],
      [unregistered, 'Erstelle zuerst dein Profil, um Benachrichtigungen zu erhalten.'],
    ] as const) {
      const view = await renderApp(
        [{ path: '/settings', element: <PushSettings ports={{ browser }} /> }],
        { path: '/settings', store: storeIn(state) },
      );
      const toggle = await screen.findByRole('switch');
      await waitFor(() => expect(screen.getByText(text)).toBeVisible());
      expect(toggle).toBeDisabled();
      expect(toggle).toHaveAccessibleDescription(text);
      view.unmount();
    }
  });

  it('without service workers: the spec’s message', async () => {
    browser.isSupported = false;
    vi.stubGlobal('navigator', { serviceWorker: undefined });
    await renderApp([{ path: '/settings', element: <PushSettings ports={{ browser }} /> }], {
      path: '/settings',
      store: storeIn(registered),
      lang: 'en',
    });
    const toggle = await screen.findByRole('switch');
    await waitFor(() =>
      expect(toggle).toHaveAccessibleDescription(
        'Service workers are disabled or not supported by this browser',
      ),
    );
    expect(toggle).toBeDisabled();
  });
});
