/**
 * The spec's service-worker and push messages (§8), exact in English; the German texts and the
 * rest are in `i18n/{de,en}.json` under `pwa`. Errors carry the English text as their message (for
 * logs) and a key for the UI.
 */
export const SW_UNSUPPORTED_MESSAGE =
  'Service workers are disabled or not supported by this browser';
export const NOT_SUBSCRIBED_MESSAGE = 'Not subscribed to push notifications.';
export const UNSUBSCRIBE_FAILED_MESSAGE = 'Unsubscribe failed!';

/** Whether this browser can run a service worker at all (secure context included). */
export function serviceWorkersSupported(nav: Navigator = navigator, win: Window = window): boolean {
  return 'serviceWorker' in nav && nav.serviceWorker != null && win.isSecureContext !== false;
}
