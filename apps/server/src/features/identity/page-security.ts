import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { extraWebOrigins } from './client-registration';
import { readCookie, serializeCookie } from './cookies';
import { REVEAL_PASSWORD_SCRIPT_HASH } from './views/reveal-password';

/**
 * The identity pages' policy: no scripts but the ones named by hash, our stylesheets and fonts only, never framed. Forms may
 * post to us, and the redirects that follow a form may go to the app (web origin, the dev
 * server in development, the native scheme), as Chromium checks form-action on redirects too.
 */
function identityCsp(config: Config): string {
  const formTargets = ["'self'", ...extraWebOrigins(config), `${config.nativeAppScheme}:`];
  return [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `form-action ${formTargets.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/**
 * Headers on every identity page: never cached, never framed, and no referrer to other origins
 * (reset links carry their token); same-origin posts keep their Origin header for FormGuard.
 * `scriptHashes`: the sha256 (base64) of inline scripts the page may run besides the password
 * fields' show/hide script (views/reveal-password.ts).
 */
export function pageHeaders(
  config: Config,
  { scriptHashes = [] }: { scriptHashes?: string[] } = {},
): Record<string, string> {
  // Every page may show and hide its password fields; a page names its other scripts.
  const hashes = [REVEAL_PASSWORD_SCRIPT_HASH, ...scriptHashes];
  const scripts = `; script-src ${hashes.map((hash) => `'sha256-${hash}'`).join(' ')}`;
  return {
    'cache-control': 'no-store',
    pragma: 'no-cache',
    'content-security-policy': identityCsp(config) + scripts,
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
  };
}

const FORM_COOKIE = 'arcadia_form';

/**
 * Double-submit protection for every form of the identity pages: a random HttpOnly cookie and,
 * in the form, its HMAC under a server key. A cross-site page can neither read the cookie nor
 * compute the HMAC; SameSite=Lax keeps the cookie off cross-site posts besides. The Origin
 * header, when the browser sends one, must be ours as well.
 */
export class FormGuard {
  constructor(
    private readonly secret: string,
    private readonly config: Config,
  ) {}

  private mac(value: string): string {
    return createHmac('sha256', this.secret).update(`form:${value}`).digest('base64url');
  }

  /** The token for this browser's form cookie, setting the cookie first when there is none. */
  token(request: FastifyRequest, reply: FastifyReply): string {
    let value = readCookie(request.headers.cookie, FORM_COOKIE);
    if (!value || !/^[\w-]{32}$/.test(value)) {
      value = randomBytes(24).toString('base64url');
      reply.header(
        'set-cookie',
        serializeCookie(FORM_COOKIE, value, {
          path: '/oidc',
          maxAge: 24 * 60 * 60,
          httpOnly: true,
          secure: this.config.publicUrl.startsWith('https:'),
        }),
      );
    }
    return this.mac(value);
  }

  /**
   * A value the browser carries for us (in a cookie) and cannot change: `value.mac`, the MAC bound
   * to its purpose. `open` answers the value, or undefined for anything else.
   */
  seal(purpose: string, value: string): string {
    const mac = createHmac('sha256', this.secret).update(`${purpose}:${value}`).digest('base64url');
    return `${Buffer.from(value).toString('base64url')}.${mac}`;
  }

  open(purpose: string, sealed: string | undefined): string | undefined {
    const [encoded, mac] = (sealed ?? '').split('.');
    if (!encoded || !mac) return undefined;
    const value = Buffer.from(encoded, 'base64url').toString();
    const expected = Buffer.from(this.seal(purpose, value).split('.')[1]!);
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given) ? value : undefined;
  }

  valid(request: FastifyRequest, token: unknown): boolean {
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const own = new URL(this.config.publicUrl).origin;
      const requested = `${request.protocol}://${request.host}`;
      if (origin !== own && origin !== requested) return false;
    }
    const value = readCookie(request.headers.cookie, FORM_COOKIE);
    if (!value || typeof token !== 'string') return false;
    const expected = Buffer.from(this.mac(value));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
