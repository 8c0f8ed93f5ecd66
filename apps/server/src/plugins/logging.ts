import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config, LogComponent } from '../config';

/**
 * Whether a secret (a reset link, a device key, a token) may be written to the log: in
 * development and tests only. In production secrets go to files for the owner of DATA_DIR.
 */
export function secretsMayBeLogged(config: Pick<Config, 'env'>): boolean {
  return config.env !== 'production';
}

/**
 * A path segment after which a secret follows: a guest result's claim token (the page
 * `/claim/{token}`, the API `/api/claims/{token}`), in any spelling that reaches either or the
 * app's page fallback: any case, percent-encoded (`%63laims`), with empty or `.` segments.
 */
const CLAIM_SEGMENT = /^claims?$/i;

/** A path as the router reads it at most: percent-decoded (repeatedly, for `%2563`). */
function decodedPath(path: string): string {
  let decoded = path;
  for (let i = 0; i < 3; i += 1) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return decoded;
    }
    if (next === decoded) return decoded;
    decoded = next;
  }
  return decoded;
}

/**
 * A request's URL as the log may keep it: without its query (reset and card links carry their
 * secrets there), and when a segment names a claim, the path cut after it with the token
 * replaced by `:token` (`/api/claims/:token`).
 */
export function loggedUrl(url: string): string {
  const path = url.split('?')[0] ?? '';
  const segments = decodedPath(path).split(/[/\\]/);
  const claim = segments.findIndex((segment) => CLAIM_SEGMENT.test(segment));
  if (claim < 0) return path;
  if (segments.slice(claim + 1).every((segment) => segment === '')) return path;
  return `${segments.slice(0, claim + 1).join('/')}/:token`;
}

/**
 * The names of a URL's query parameters without their values (`token&lang`), or undefined
 * without a query: what a trace may keep of it (reset and card links carry secrets there).
 */
export function queryNames(url: string): string | undefined {
  const at = url.indexOf('?');
  if (at < 0) return undefined;
  return url
    .slice(at + 1)
    .split('&')
    .map((part) => part.split('=')[0])
    .join('&');
}

/**
 * The logger of one part of the server, at its own level when `LOG_LEVELS` names one
 * (`LOG_LEVELS=push=debug,oidc=warn`), and tagged with `component` so log queries can filter.
 */
export function componentLog(app: FastifyInstance, component: LogComponent): FastifyBaseLogger {
  const level = app.config.logLevels[component];
  return app.log.child({ component }, level ? { level } : undefined);
}

/** Which component a route's request logs belong to. */
export function componentOfRoute(url: string): LogComponent {
  if (url.startsWith('/oidc')) return 'oidc';
  if (url.startsWith('/api/device')) return 'device';
  if (/^\/api\/(v\d\/)?news/.test(url)) return 'news';
  if (/^\/api\/(v\d\/)?games?\b/.test(url)) return 'games';
  return 'http';
}

/**
 * Request logs at their component's level: each route gets the level of the component it
 * belongs to (routes registered after this plugin; a route's own `logLevel` wins).
 */
export const loggingPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const level = app.config.logLevels[componentOfRoute(route.url)];
    if (level && !route.logLevel) route.logLevel = level;
  });
});
