/// <reference lib="dom" />
/**
 * The PWA in Chromium against the real server serving the real build: the service worker
 * registers by itself, the app shell loads offline, the manifest is valid and installable, and a
 * push delivered to the worker (DevTools protocol, no push service needed) shows the localised
 * notification the server would send.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { friendAddedMessage, matchResultMessage } from '../apps/server/src/features/push/messages';
import {
  CHROMIUM_PATH,
  HEADLESS_ARGS,
  recordActivity,
  startServer,
  type E2eServer,
} from './support';
import { registerPlayer } from './fixtures/players';

/**
 * A persistent profile, not the harness's fresh contexts: Chromium does not offer to install
 * apps from an incognito context. The player has allowed notifications (the permission prompt
 * itself is the settings page's business, tested there).
 */
function launchPwaContext(userDataDir: string, baseURL: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: HEADLESS_ARGS,
    permissions: ['notifications'],
    locale: 'de-DE',
    baseURL,
  });
}

let server: E2eServer;
let context: BrowserContext;
let page: Page;
let userDataDir: string;

beforeAll(async () => {
  // With the demo content: the news on /home have header images for the image cache.
  server = await startServer();
  userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-pwa-'));
  context = await launchPwaContext(userDataDir, server.url);
  page = context.pages()[0] ?? (await context.newPage());
}, 180_000);

afterAll(async () => {
  await context?.close();
  await server?.close();
  if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
});

/** The size a PNG says it has (IHDR width and height). */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

async function serviceWorkerRegistrationId(cdp: CDPSession, scope: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

describe('Arcadia as a PWA', () => {
  it('registers its service worker by itself once the app is idle, and it takes control', async () => {
    await page.goto(`${server.url}/home`);
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { scope: registration.scope, script: registration.active?.scriptURL };
    });
    expect(worker).toEqual({ scope: `${server.url}/`, script: `${server.url}/sw.js` });
    // The first install controls the open page at once (clientsClaim).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  });

  it('has a valid manifest, every icon in its size, and Chromium finds it installable', async () => {
    const href = await page.getAttribute('link[rel="manifest"]', 'href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await page.request.get(`${server.url}${href}`);
    expect(response.status()).toBe(200);
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: 'Arcadia',
      short_name: 'Arcadia',
      start_url: '/home',
      scope: '/',
      display: 'standalone',
      lang: 'de',
      theme_color: '#0b0b1a',
      background_color: '#0b0b1a',
    });
    const purposes = new Set<string>();
    for (const icon of manifest.icons as Array<{
      src: string;
      sizes: string;
      type: string;
      purpose: string;
    }>) {
      const image = await page.request.get(`${server.url}${icon.src}`);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type'], icon.src).toContain(icon.type);
      if (icon.type === 'image/png') {
        expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
        purposes.add(`${icon.purpose} ${icon.sizes}`);
      }
    }
    for (const needed of ['any 192x192', 'any 512x512', 'maskable 192x192', 'maskable 512x512']) {
      expect(purposes).toContain(needed);
    }
    const touch = await page.getAttribute('link[rel="apple-touch-icon"]', 'href');
    expect(pngSize(await (await page.request.get(`${server.url}${touch}`)).body())).toBe('180x180');

    const cdp = await context.newCDPSession(page);
    const parsed = await cdp.send('Page.getAppManifest');
    expect(parsed.errors).toEqual([]);
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    await cdp.detach();
  });

  it('caches news images and translations, loads the app shell offline, and the offline page for server pages', async () => {
    await page.goto(`${server.url}/home`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The translations were warmed into their cache when the worker installed.
    expect(
      await page.evaluate(async () => {
        const cache = await caches.open('arcadia-i18n');
        return Boolean(await cache.match('/assets/i18n/de.json'));
      }),
    ).toBe(true);

    // News header images go through the worker's image cache once it controls the page.
    await page.reload();
    await page.waitForSelector('img[src*="/api/assets/"]');
    await expect
      .poll(
        () =>
          page.evaluate(
            async () => (await (await caches.open('arcadia-news-images')).keys()).length,
          ),
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);

    await context.setOffline(true);
    try {
      await page.goto(`${server.url}/home`);
      await expect.poll(() => page.locator('#root').innerHTML(), { timeout: 10_000 }).not.toBe('');
      // The shell's title, or the page's once the app has named it ('Start · Arcadia').
      expect(await page.title()).toMatch(/Arcadia$/);
      // A deep route of the app gets the shell too (the router runs offline).
      await page.goto(`${server.url}/leaderboard`);
      await expect.poll(() => page.locator('#root').innerHTML(), { timeout: 10_000 }).not.toBe('');

      // The server's own pages cannot work offline: the offline page says so.
      await page.goto(`${server.url}/oidc/auth?client_id=x`);
      await expect(
        page.getByRole('heading', { name: 'Du bist offline' }).isVisible(),
      ).resolves.toBe(true);
      expect(await page.getAttribute('a', 'href')).toBe('/home');
    } finally {
      await context.setOffline(false);
    }
  });

  it('a signed-in player opening a page offline is told so, not sent to sign in; online again, the page opens', async () => {
    await page.goto('/home');
    const player = await registerPlayer(page, 'offline');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    const activity = recordActivity(page);
    try {
      // A cold start: the session is stored, but neither it nor the profile can be checked.
      await page.goto(`${server.url}/profile/${player.id}`);
      await page.getByText('Keine Verbindung').waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe(`/profile/${player.id}`);
      expect(await page.getByRole('button', { name: 'Jetzt anmelden' }).count()).toBe(0);
    } finally {
      await context.setOffline(false);
    }
    // The browser says it is online again: the session is checked again and the page opens.
    await page
      .getByRole('heading', { level: 1, name: player.nickname })
      .waitFor({ timeout: 15_000 })
      .catch((error: unknown) => activity.explain(error));
    expect(new URL(page.url()).pathname).toBe(`/profile/${player.id}`);
  });

  it('shows a push as the server’s localised notification, with our icon and badge', async () => {
    await page.goto(`${server.url}/home`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cdp = await context.newCDPSession(page);
    const registrationId = await serviceWorkerRegistrationId(cdp, `${server.url}/`);
    const send = (data: unknown) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: server.url,
        registrationId,
        data: JSON.stringify(data),
      });
    /**
     * Delivers a message until its notification is there. Under load, DevTools' delivery now and
     * then reaches no worker (seen about once in six runs); our messages carry a tag, so a repeat
     * replaces the notification instead of adding one.
     */
    const deliver = async (message: { tag: string; title: string; body: string }) => {
      for (let attempt = 0; attempt < 5; attempt++) {
        await send(message);
        const shown = await expect
          .poll(
            async () =>
              (await notifications()).some(
                (n) =>
                  n.tag === message.tag && n.title === message.title && n.body === message.body,
              ),
            {
              timeout: 3_000,
            },
          )
          .toBe(true)
          .then(() => true)
          .catch(() => false);
        if (shown) return;
      }
      throw new Error(`no notification for ${message.tag}`);
    };
    const notifications = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          icon: n.icon,
          // Chromium has it; TypeScript's DOM types do not (yet).
          badge: (n as Notification & { badge?: string }).badge,
          data: n.data as unknown,
        }));
      });

    // Exactly what the server sends a German-speaking player when Neo adds them.
    const friend = friendAddedMessage('7b0c9f2e-0000-4000-8000-000000000001', 'Neo');
    await deliver(friend.de);
    expect(await notifications()).toEqual([
      {
        title: 'Neuer Freund',
        body: 'Neo hat dich als Freund hinzugefügt.',
        tag: friend.de.tag,
        icon: `${server.url}/icons/icon-192.png`,
        badge: `${server.url}/icons/badge-96.png`,
        data: { url: '/profile/7b0c9f2e-0000-4000-8000-000000000001' },
      },
    ]);

    // An English-speaking player's match result; the same subject (tag) replaces, others add up.
    const result = matchResultMessage({
      gameId: 'g-1',
      userId: 'u-1',
      won: true,
      score: 1200,
      kills: 9,
      deaths: 3,
    });
    await deliver(result.en);
    await deliver(friend.en);
    expect((await notifications()).map((n) => `${n.title}: ${n.body}`).sort()).toEqual([
      'New friend: Neo added you as a friend.',
      'Your match result is in: You won! 1,200 points, 9 kills, 3 deaths.',
    ]);
    await cdp.detach();
  });
});
