/**
 * Navigation from outside React (listeners, the auth module, the native deep-link handler): the
 * router registers itself here at start; before that, navigation falls back to the location.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

export function setNavigator(next: Navigate | null): void {
  navigator = next;
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (navigator) navigator(to, options);
  else if (options.replace) window.location.replace(to);
  else window.location.assign(to);
}

/**
 * Only same-origin paths may be navigated to after sign-in: never a URL, never `//evil` nor
 * `/\evil` (browsers read a backslash as a slash there).
 */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !/^\/(?![/\\])/.test(value)) return fallback;
  if (value.startsWith('/login/callback')) return fallback;
  return value;
}
