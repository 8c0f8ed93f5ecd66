import { App } from '@capacitor/app';
import { Capacitor } from '@capacitor/core';
import { setApiOrigin } from '../api/origin';
import { enableNativePlatform } from '../auth/user-manager';
import { navigateTo } from '../navigation';
import { closeSignInBrowser } from './browser';
import { nativeAppUrl, NATIVE_APP_SCHEME } from './config';
import { routeDeepLink, type DeepLinkConfig, type DeepLinkRoute } from './deep-links';

export function isNativeApp(): boolean {
  return Capacitor.isNativePlatform();
}

export interface NativeShellOptions {
  /** Completes a sign-in from the callback URL (the auth feature's `finishLogin`). */
  completeLogin: (url: string) => unknown;
  /** Opens an app path; default: the app's router (lib/navigation). */
  navigate?: (path: string) => void;
  /** Default: the app's scheme and the build's public URL. */
  config?: DeepLinkConfig;
}

/** The same link can arrive twice at a cold start (launch URL and the open event): act once. */
const REPEAT_WINDOW_MS = 3_000;

/** Acts on one deep link; exported for tests. Resolves what it did. */
export function createDeepLinkHandler(options: NativeShellOptions, now: () => number = Date.now) {
  const config = options.config ?? { callbackScheme: NATIVE_APP_SCHEME, appUrl: nativeAppUrl() };
  const navigate = options.navigate ?? ((path: string) => navigateTo(path));
  let last: { url: string; at: number } | null = null;
  return async (url: string): Promise<DeepLinkRoute> => {
    const route = routeDeepLink(url, config);
    if (route.kind === 'ignore') return route;
    const at = now();
    if (last && last.url === url && at - last.at < REPEAT_WINDOW_MS) return { kind: 'ignore' };
    last = { url, at };
    switch (route.kind) {
      case 'callback':
        await closeSignInBrowser();
        await options.completeLogin(route.url);
        break;
      case 'signedOut':
        await closeSignInBrowser();
        break;
      case 'navigate':
        navigate(route.path);
        break;
    }
    return route;
  };
}

/**
 * Starts the native shell's side of the app (call first in main.tsx, before the session starts):
 * sign-in switches to the app's URL scheme, and deep links (`appUrlOpen`, and the link the app
 * was launched with) are routed. Does nothing in a browser. Resolves a function that stops it.
 */
export async function startNativeShell(options: NativeShellOptions): Promise<() => void> {
  if (!isNativeApp()) return () => {};
  // The web view has its own origin: API calls go to the server's public URL.
  setApiOrigin(nativeAppUrl());
  enableNativePlatform();
  const handle = createDeepLinkHandler(options);
  const run = (url: string) => void handle(url).catch((error: unknown) => console.error(error));
  const listener = await App.addListener('appUrlOpen', ({ url }) => run(url));
  const launch = await App.getLaunchUrl().catch(() => undefined);
  if (launch?.url) run(launch.url);
  return () => void listener.remove();
}
