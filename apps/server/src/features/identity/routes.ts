import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import formbody from '@fastify/formbody';
import type Provider from 'oidc-provider';
import { removeExpiredModels } from './adapter';
import { interactionRoutes } from './interactions';
import { createMailer, removeExpiredOutboxMail } from './mailer';
import { FormGuard } from './page-security';
import { removeOldResetTokens } from './password-resets';
import { PROVIDER_ROUTES } from './provider';
import { ProviderHolder } from './provider-holder';
import { badRequest } from '../../plugins/errors';
import { recoveryRoutes } from './recovery-routes';
import { removeOldVerificationTokens } from './email-verifications';
import { verificationPageRoutes } from './verification-routes';
import { IdentityLimits, tooManyPage } from './request-limits';
import { pageContext } from './page-context';
import { componentLog } from '../../plugins/logging';
import { cookieKeys } from './secrets';
import { removeStaleThrottles } from './throttle';
import { suspendedSignIn } from '../users';
import { appFontFaces, IDENTITY_FONTS_PATH } from './views/fonts';
import { IDENTITY_CSS, IDENTITY_CSS_PATH } from './views/style';

declare module 'fastify' {
  interface FastifyInstance {
    /** The embedded identity provider; null when an external issuer is configured. */
    identity: { holder: ProviderHolder } | null;
  }
}

const CLEANUP_INTERVAL_MS = 10 * 60_000;
const MOUNT = '/oidc';
const TOKEN_PATH = PROVIDER_ROUTES.token.slice(1).toLowerCase();
const AUTHORIZE_PATH = PROVIDER_ROUTES.authorization.slice(1).toLowerCase();

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * The embedded OpenID provider at /oidc (only when no external issuer is configured): the
 * provider's endpoints, our interaction pages, password recovery and housekeeping.
 */
/**
 * The provider builds its discovery document, redirects and form actions from the request's
 * host and protocol (it trusts X-Forwarded-*, as behind the proxy of a deployment). Whatever a
 * client sends, it acts at PUBLIC_URL: a forged Host or X-Forwarded-Host would otherwise put
 * another site's address into `/oidc/.well-known/openid-configuration` for any cache on the
 * way to keep. The client's address is the one Fastify took (TRUST_PROXY decides). Not in
 * development, where the Vite dev server on its own port passes the provider through.
 */
function actAtPublicUrl(raw: IncomingMessage, publicUrl: URL, ip: string): void {
  raw.headers.host = publicUrl.host;
  raw.headers['x-forwarded-host'] = publicUrl.host;
  raw.headers['x-forwarded-proto'] = publicUrl.protocol.replace(':', '');
  raw.headers['x-forwarded-for'] = ip;
}

export const identityRoutes = fp(
  async (app: FastifyInstance) => {
    const { config, db } = app;
    if (config.auth.mode !== 'embedded') {
      app.decorate('identity', null);
      return;
    }
    const log = componentLog(app, 'oidc');
    const holder = await ProviderHolder.open(config, db, log, (name) => app.forgetToken(name));
    app.decorate('identity', { holder });
    const [secret] = await cookieKeys(db);
    const forms = new FormGuard(secret!, config);
    const sendMail = createMailer(config, log);
    const limits = new IdentityLimits(app);

    // The provider reads its own request bodies, so nothing may parse them before it.
    const handlers = new WeakMap<Provider, Handler>();
    const publicUrl = new URL(config.publicUrl);
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      scope.route({
        method: ['GET', 'POST', 'OPTIONS', 'PUT', 'DELETE'],
        url: `${MOUNT}/*`,
        handler: async (request, reply) => {
          const raw = request.raw as IncomingMessage & { originalUrl?: string };
          // The provider routes by the raw path below the mount; an encoded mount (`/%6fidc/…`)
          // reached this route through the router's decoding but would not be what it sees.
          if (!/^\/oidc(\/|\?|$)/.test(raw.url ?? '')) {
            throw badRequest('The path must not percent-encode /oidc');
          }
          const path = (request.params as { '*'?: string })['*'] ?? '';
          // The provider's router matches paths case-insensitively (`/oidc/OAuth/Token` is its
          // token endpoint too), so the limits must recognise every spelling it routes.
          const endpoint = path.replace(/\/+$/, '').toLowerCase();
          if (endpoint === AUTHORIZE_PATH) {
            const limited = await limits.byAddress(request, 'authorize');
            if (limited) {
              const p = pageContext(request, reply, { config, forms });
              return tooManyPage(reply.header('cache-control', 'no-store'), p, limited);
            }
          }
          if (request.method === 'POST' && endpoint === TOKEN_PATH) {
            const limited = await limits.byAddress(request, 'token');
            if (limited) {
              return reply
                .code(429)
                .header('retry-after', String(limited.retryAfterSeconds))
                .header('cache-control', 'no-store')
                .send({
                  error: 'rate_limited',
                  error_description: `Too many token requests; retry in ${limited.retryAfterSeconds} s`,
                });
            }
          }
          const provider = await holder.current();
          let handle = handlers.get(provider);
          if (!handle) {
            handle = provider.callback();
            handlers.set(provider, handle);
          }
          reply.hijack();
          if (config.env !== 'development') actAtPublicUrl(raw, publicUrl, request.ip);
          raw.originalUrl = raw.url;
          raw.url = raw.url!.slice(MOUNT.length) || '/';
          await handle(raw, reply.raw);
        },
      });
    });

    await app.register(async (pages) => {
      await pages.register(formbody, { bodyLimit: 16 * 1024 });
      pages.get(IDENTITY_CSS_PATH, async (_request, reply) =>
        reply
          .type('text/css; charset=utf-8')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(IDENTITY_CSS),
      );
      // The app's display font, from the built app (read once at start).
      const fontFaces = appFontFaces(config.webDist);
      pages.get(IDENTITY_FONTS_PATH, async (_request, reply) =>
        reply
          .type('text/css; charset=utf-8')
          .header('cache-control', 'public, max-age=300')
          .send(fontFaces),
      );
      interactionRoutes(pages, {
        config,
        forms,
        provider: () => holder.current(),
        sendMail,
        log,
        limits,
        suspended: suspendedSignIn(app.db),
      });
      recoveryRoutes(pages, { config, forms, sendMail, limits });
      verificationPageRoutes(pages, { config, forms });
    });

    const cleanup = setInterval(() => {
      Promise.all([
        removeExpiredModels(db),
        removeStaleThrottles(db),
        removeOldResetTokens(db),
        removeOldVerificationTokens(db),
        removeExpiredOutboxMail(config),
      ]).catch((error: unknown) => log.warn({ err: error }, 'identity cleanup failed'));
    }, CLEANUP_INTERVAL_MS);
    cleanup.unref();
    app.addHook('onClose', async () => clearInterval(cleanup));
  },
  { name: 'identity' },
);
