/**
 * Native app deep links (spec §2): URLs starting with the app's callback scheme complete the
 * login; URLs starting with the configured application URL navigate to the remaining path;
 * anything else is ignored. Pure, so every case is unit-tested; `shell.ts` acts on the answer.
 */

export interface DeepLinkConfig {
  /** The app's URL scheme, e.g. `de.arcadia.app` (its login callback is `de.arcadia.app://callback`). */
  callbackScheme: string;
  /** The public URL of the web app (https, universal/app links), e.g. `https://arcadia.example`. */
  appUrl: string | null;
}

export type DeepLinkRoute =
  /** Complete the sign-in with this URL (code or error, and state). */
  | { kind: 'callback'; url: string }
  /** Back from the provider's sign-out page (`<scheme>://logout`): close the in-app browser. */
  | { kind: 'signedOut' }
  /** Open this path of the app (with its query and hash). */
  | { kind: 'navigate'; path: string }
  | { kind: 'ignore' };

/** The post-logout redirect the auth module registers: `<scheme>://logout`. */
const LOGOUT_TARGET = 'logout';

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** `de.arcadia.app`, `de.arcadia.app:` and `de.arcadia.app://` all name the same scheme. */
function schemeOf(value: string): string {
  return value
    .trim()
    .replace(/:(\/\/.*)?$/, '')
    .toLowerCase();
}

/** What a URL-scheme link points at: `scheme://logout` and `scheme:/logout` both say logout. */
function schemeTarget(url: URL): string {
  return `${url.host}${url.pathname}`.replace(/^\/+|\/+$/g, '').toLowerCase();
}

function appPath(link: URL, app: URL): string | null {
  if (link.protocol !== app.protocol || link.host !== app.host) return null;
  // A link with credentials is never one of ours (`https://arcadia.example@evil.example` has
  // evil.example as its host and fails above; this catches `https://x@arcadia.example`).
  if (link.username || link.password) return null;
  const base = app.pathname.replace(/\/+$/, '');
  if (link.pathname !== base && !link.pathname.startsWith(`${base}/`)) return null;
  // Never a protocol-relative path ("//evil.example"), which a router could treat as a host.
  const rest = link.pathname.slice(base.length).replace(/^\/+/, '/') || '/';
  return `${rest}${link.search}${link.hash}`;
}

export function routeDeepLink(url: string, config: DeepLinkConfig): DeepLinkRoute {
  const link = parse(url);
  if (!link) return { kind: 'ignore' };

  const scheme = schemeOf(config.callbackScheme);
  if (scheme && link.protocol === `${scheme}:`) {
    return schemeTarget(link) === LOGOUT_TARGET ? { kind: 'signedOut' } : { kind: 'callback', url };
  }

  const app = config.appUrl ? parse(config.appUrl) : null;
  if (app && (app.protocol === 'https:' || app.protocol === 'http:')) {
    const path = appPath(link, app);
    if (path !== null) return { kind: 'navigate', path };
  }
  return { kind: 'ignore' };
}
