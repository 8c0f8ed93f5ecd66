import { WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import type { AuthConfig } from '@arcadia/contracts';
import {
  AUTH_HTTP_TIMEOUT_SECONDS,
  CALLBACK_PATH,
  POPUP_HEIGHT,
  POPUP_TIMEOUT_SECONDS,
  POPUP_WIDTH,
  TOKEN_EXPIRY_MARGIN_SECONDS,
} from './constants';
import { OIDC_STORAGE_PREFIX } from './stored-session';

export interface SettingsOptions {
  /** The web origin the app runs on (window.location.origin). */
  origin: string;
  /** Where tokens and sign-in transactions are kept (localStorage in the browser). */
  store: Storage;
  /** The native shell signs in through its URL scheme instead of the web callback. */
  platform?: 'web' | 'native';
}

/**
 * oidc-client-ts settings from the server's public config, so one build signs in at the
 * embedded provider or at Auth0/Keycloak: authorization code + PKCE (S256, the library's
 * default), the configured scopes (incl. offline_access for refresh tokens), and for an external
 * issuer the API `audience` as an extra parameter (Auth0 needs it; others ignore it).
 */
export function buildUserManagerSettings(
  config: AuthConfig,
  { origin, store, platform = 'web' }: SettingsOptions,
): UserManagerSettings {
  const native = platform === 'native';
  const redirectUri = native ? `${config.nativeScheme}://callback` : `${origin}${CALLBACK_PATH}`;
  return {
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: redirectUri,
    // The hidden-frame fallback of silent renewal lands on the callback route too.
    silent_redirect_uri: native ? undefined : `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: native ? `${config.nativeScheme}://logout` : `${origin}/`,
    response_type: 'code',
    response_mode: 'query',
    scope: config.scopes,
    extraQueryParams: config.mode === 'external' ? { audience: config.audience } : {},
    // Keep every claim of the ID token on the account (org_id, org_name, auth_time ...).
    filterProtocolClaims: false,
    loadUserInfo: false,
    userStore: new WebStorageStateStore({ store, prefix: OIDC_STORAGE_PREFIX }),
    stateStore: new WebStorageStateStore({ store, prefix: OIDC_STORAGE_PREFIX }),
    // Renewal is driven by our own session code (refresh token, then hidden frame).
    automaticSilentRenew: false,
    monitorSession: false,
    accessTokenExpiringNotificationTimeInSeconds: TOKEN_EXPIRY_MARGIN_SECONDS,
    requestTimeoutInSeconds: AUTH_HTTP_TIMEOUT_SECONDS,
    silentRequestTimeoutInSeconds: AUTH_HTTP_TIMEOUT_SECONDS,
    popupWindowFeatures: {
      width: POPUP_WIDTH,
      height: POPUP_HEIGHT,
      closePopupWindowAfterInSeconds: POPUP_TIMEOUT_SECONDS,
    },
    revokeTokensOnSignout: false,
  };
}
