import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, installFakeApi, type FakeApi } from '../../../../test/fake-api';
import { ownProfile as fixtureProfile } from '../../../../test/player-fixtures';
import { renderApp } from '../../../../test/render-app';
import { pwaState } from '../../../lib/pwa';
import { FakeBrowser, VAPID_KEY } from '../testing/fake-push';
import { PushSettings } from './PushSettings';

const registered = {
  auth: {
    status: 'signedIn' as const,
    account: { sub: 'sub-me', nickname: 'nova', email: 'nova@example.com' },
    profile: null,
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

let server: FakeApi;
let browser: FakeBrowser;
beforeEach(() => {
  // The real API client and our real API modules, over a fake HTTP server.
  server = installFakeApi();
  server.on('GET', '/api/push/public-key', { body: { publicKey: VAPID_KEY } });
  server.on('POST', '/api/push/subscriptions', { status: 201, body: { success: true } });
  server.on('DELETE', '/api/push/subscriptions', { body: { success: true } });
  server.on('PATCH', '/api/v2/user/me', (call) => ({
    body: ownProfile((call.body as { language: 'de' | 'en' }).language),
  }));
  browser = new FakeBrowser();
});
afterEach(() => {
  vi.unstubAllGlobals();
  pwaState.reset();
});

async function renderControl(state: object = registered, lang: 'de' | 'en' = 'de') {
  const user = userEvent.setup();
  const view = await renderApp(
    [{ path: '/settings', element: <PushSettings ports={{ browser }} /> }],
    { path: '/settings', state, lang },
  );
  const toggle = await screen.findByRole('switch', {
    name: lang === 'de' ? 'Push-Benachrichtigungen' : 'Push notifications',
  });
  await waitFor(() => expect(toggle).toBeEnabled());
  return { user, toggle, ...view };
}

describe('the notifications switch', () => {
  it('shows off and asks for nothing until the player clicks', async () => {
    const { toggle } = await renderControl();
    expect(screen.getByRole('region', { name: 'Benachrichtigungen' })).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(browser.prompts).toBe(0);
    expect(browser.registered).toBe(false);
    expect(server.calls).toHaveLength(0);
  });

  it('on: prompt after the click, subscribe with the server’s key, POST the subscription', async () => {
    const { user, toggle } = await renderControl();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(browser.prompts).toBe(1);
    const [post] = server.callsTo('POST', '/api/push/subscriptions');
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
    expect(server.callsTo('DELETE', '/api/push/subscriptions').map((c) => c.body)).toEqual([
      { endpoint },
    ]);
    expect(browser.manager.current).toBeNull();
  });

  it('shows the change in progress and blocks a second click', async () => {
    const hold = deferred();
    server.on('POST', '/api/push/subscriptions', {
      status: 201,
      body: { success: true },
      wait: hold.promise,
    });
    const { user, toggle } = await renderControl();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeDisabled());
    expect(toggle).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByText('Wird eingeschaltet …').length).toBeGreaterThan(0);
    hold.resolve();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(toggle).toBeEnabled();
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
    expect(server.callsTo('POST', '/api/push/subscriptions')).toHaveLength(0);
  });

  it('a server that refuses: the subscription is undone and the message shown', async () => {
    server.on('POST', '/api/push/subscriptions', {
      status: 503,
      body: { error: { code: 'unavailable', message: 'down' } },
    });
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
        { path: '/settings', state },
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
      state: registered,
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
