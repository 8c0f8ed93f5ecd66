import { Workbox } from 'workbox-window';
import { navigateTo } from '../navigation';
import { runWhenIdle, type IdleEnvironment, browserIdleEnvironment } from './idle-start';
import { serviceWorkersSupported, SW_UNSUPPORTED_MESSAGE } from './messages';
import { pwaState } from './pwa-state';
import { isNavigateMessage } from './sw-protocol';

export const SERVICE_WORKER_URL = '/sw.js';
/** A long-open app still notices a new version: the worker is checked for updates this often. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export interface StartPwaOptions {
  /** Opens an app path (a clicked notification). Default: the app's router (lib/navigation). */
  navigate?: (path: string) => void;
  /** Injected timers (tests). */
  idle?: IdleEnvironment;
}

let workbox: Workbox | undefined;
let registration: Promise<ServiceWorkerRegistration | undefined> | undefined;
let scheduled: { runNow: () => void; cancel: () => void } | undefined;

function register(): Promise<ServiceWorkerRegistration | undefined> {
  registration ??= (async () => {
    const wb = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
    workbox = wb;
    // A new version finished installing while this page runs an older one: ask the player.
    wb.addEventListener('waiting', () => pwaState.set({ updateReady: true }));
    try {
      const reg = await wb.register({ immediate: true });
      pwaState.set({ registered: reg !== undefined, error: null });
      window.setInterval(() => void reg?.update().catch(() => undefined), UPDATE_CHECK_INTERVAL_MS);
      return reg;
    } catch (error) {
      pwaState.set({ error: error instanceof Error ? error.message : String(error) });
      return undefined;
    }
  })();
  return registration;
}

/**
 * Starts the service worker side of the app: the worker registers once the
 * app is idle after start, or after 30 s at the latest; clicked notifications open their page.
 * Where there are no service workers, says so (spec §8) and does nothing else.
 */
export function startServiceWorker(options: StartPwaOptions = {}): void {
  if (!serviceWorkersSupported()) {
    pwaState.set({ support: 'unsupported' });
    console.warn(SW_UNSUPPORTED_MESSAGE);
    return;
  }
  pwaState.set({ support: 'supported' });
  const navigate = options.navigate ?? ((path: string) => navigateTo(path));
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    if (isNavigateMessage(event.data)) navigate(event.data.path);
  });
  // The worker exists only in a build (vite-plugin-pwa makes it); the dev server has none.
  if (import.meta.env.DEV) return;
  scheduled = runWhenIdle(() => void register(), options.idle ?? browserIdleEnvironment());
}

/**
 * The active registration, registering now when the idle start has not happened yet (the player
 * turns on notifications in the first seconds). Rejects where there are no service workers.
 */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration> {
  if (!serviceWorkersSupported()) throw new Error(SW_UNSUPPORTED_MESSAGE);
  if (!import.meta.env.DEV && !registration) {
    scheduled?.cancel();
    await register();
  }
  return navigator.serviceWorker.ready;
}

/** The update prompt's "reload": the waiting worker takes over, then the page reloads into it. */
export function applyUpdate(): void {
  const wb = workbox;
  if (!wb) return window.location.reload();
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}

/** The update prompt's "later": hide it; the new version starts with the next visit. */
export function dismissUpdate(): void {
  pwaState.set({ updateReady: false });
}
