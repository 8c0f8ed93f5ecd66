/// <reference lib="webworker" />
/**
 * Arcadia's service worker (built by vite-plugin-pwa with Workbox, `injectManifest`):
 * - precaches the app shell (Workbox fills in `self.__WB_MANIFEST` at build time);
 * - navigations: network first; without a network the precached shell (the app runs offline),
 *   or the offline page for the server's own pages (sign-in);
 * - news images: cache first with expiry; translation files: stale while revalidate, warmed on
 *   install so the shell is translated offline too;
 * - a new version waits until the player chooses to reload (the page's update prompt);
 * - Web Push: shows the server's already localised `{ title, body, url, tag }`; a click focuses an
 *   open window and opens the url there, or opens a new window.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import {
  CACHE_NAMES,
  isNewsImage,
  isTranslationFile,
  NAVIGATE,
  NOTIFICATION_ASSETS,
  offlineNavigationFallback,
  SKIP_WAITING,
  TRANSLATION_URLS,
  type NavigateMessage,
} from './lib/pwa/sw-protocol';
import { chooseWindow, notificationFromPush, notificationUrl } from './lib/pwa/push-notification';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const origin = self.location.origin;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The first install controls the open page at once (offline and push work in the first visit);
// later versions wait for the player (see the message handler).
clientsClaim();

const translations = new StaleWhileRevalidate({
  cacheName: CACHE_NAMES.translations,
  plugins: [new CacheableResponsePlugin({ statuses: [200] })],
});
registerRoute(({ url }) => isTranslationFile(url, origin), translations);

registerRoute(
  ({ url, request }) => request.destination === 'image' && isNewsImage(url, origin),
  new CacheFirst({
    cacheName: CACHE_NAMES.newsImages,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: 80,
        maxAgeSeconds: 30 * 24 * 60 * 60,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// Navigations always ask the network first (the server's index.html is never stale); pages are
// not cached, because the precached shell is the one that matches the precached scripts.
const network = new NetworkOnly({ networkTimeoutSeconds: 5 });
registerRoute(
  ({ request }) => request.mode === 'navigate',
  async (options) => {
    try {
      return await network.handle(options);
    } catch {
      const fallback = offlineNavigationFallback(options.url, origin);
      const page =
        (fallback === 'shell' ? await matchPrecache('/index.html') : undefined) ??
        (await matchPrecache('/offline.html'));
      return page ?? Response.error();
    }
  },
);

self.addEventListener('install', (event) => {
  // Warm the translations so the shell speaks the player's language offline from the first visit;
  // a failure here must not fail the install.
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE_NAMES.translations);
      await Promise.all(
        TRANSLATION_URLS.map(async (url) => {
          if (await cache.match(url)) return;
          const response = await fetch(url).catch(() => undefined);
          if (response?.ok) await cache.put(url, response);
        }),
      );
    })(),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  const plan = notificationFromPush(event.data?.text() ?? null, NOTIFICATION_ASSETS);
  event.waitUntil(self.registration.showNotification(plan.title, plan.options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = notificationUrl(event.notification.data);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const target = chooseWindow(windows, origin);
      if (target) {
        await target.focus();
        const message: NavigateMessage = { type: NAVIGATE, path };
        target.postMessage(message);
        return;
      }
      await self.clients.openWindow(path);
    })(),
  );
});
