import { UserManager } from 'oidc-client-ts';
import { loadAuthConfig } from './config';
import { buildUserManagerSettings } from './settings';

let instance: Promise<UserManager> | null = null;
let platform: 'web' | 'native' = 'web';

/**
 * The native shell calls this before anything else: sign-in uses the app's URL scheme and opens
 * in the system browser.
 */
export function enableNativePlatform(): void {
  platform = 'native';
  instance = null;
}

/** The one UserManager of the app, configured from GET /api/config on first use. */
export function getUserManager(): Promise<UserManager> {
  instance ??= loadAuthConfig().then(async (config) => {
    const settings = buildUserManagerSettings(config, {
      origin: window.location.origin,
      store: window.localStorage,
      platform,
    });
    if (platform === 'web') return new UserManager(settings);
    // Loaded only in the native app: the system browser plugin is not part of the web bundle.
    const { nativeSignInNavigator } = await import('../native/browser');
    return new UserManager(settings, nativeSignInNavigator);
  });
  instance.catch(() => {
    instance = null;
  });
  return instance;
}

/** Test support: use this UserManager instead of one built from the server's config. */
export function setUserManager(manager: UserManager | null): void {
  instance = manager ? Promise.resolve(manager) : null;
}
