import { UserManager } from 'oidc-client-ts';
import { loadAuthConfig } from './config';
import { buildUserManagerSettings } from './settings';

let instance: Promise<UserManager> | null = null;
let platform: 'web' | 'native' = 'web';

/** The native shell calls this before anything else so sign-in uses its URL scheme. */
export function useNativePlatform(): void {
  platform = 'native';
  instance = null;
}

/** The one UserManager of the app, configured from GET /api/config on first use. */
export function getUserManager(): Promise<UserManager> {
  instance ??= loadAuthConfig().then(
    (config) =>
      new UserManager(
        buildUserManagerSettings(config, {
          origin: window.location.origin,
          store: window.localStorage,
          platform,
        }),
      ),
  );
  instance.catch(() => {
    instance = null;
  });
  return instance;
}

/** Test support: use this UserManager instead of one built from the server's config. */
export function setUserManager(manager: UserManager | null): void {
  instance = manager ? Promise.resolve(manager) : null;
}
