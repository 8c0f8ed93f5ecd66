/**
 * The native shell (Capacitor): deep links (spec §2), sign-in in the system browser, the app's
 * scheme. See docs/native.md for building the Android and iOS apps.
 */
export { routeDeepLink, type DeepLinkConfig, type DeepLinkRoute } from './deep-links';
export { NATIVE_APP_SCHEME, nativeAppUrl } from './config';
export { inNativeShell, startNativeShellIfNative } from './platform';
export {
  startNativeShell,
  isNativeApp,
  createDeepLinkHandler,
  type NativeShellOptions,
} from './shell';
// The auth module may import this file directly (it does not import the auth module back).
export { openSignInUrl, closeSignInBrowser, nativeSignInNavigator } from './browser';
