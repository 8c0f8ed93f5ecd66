import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import cors from '@fastify/cors';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { Limits } from './limits';
import { inlineScriptSources } from './web';

/** How long a rate-limit count may wait for Redis before the request goes on without it. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters for the limits beyond the API's (sign-up, sign-in, token, device failures). */
    limits: Limits;
  }
}

/**
 * The path a request was routed by: the matched route's pattern (`/api/v2/user/:id`), or for an
 * unmatched request its path percent-decoded as the router would. Never the raw URL, in which
 * `/%61pi/…` is `/api/…` to the router but not to a prefix check.
 */
function routedPath(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route) return route;
  const raw = request.url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

const LIMITED_PREFIXES = ['/api', '/graphql'];
/** Liveness and readiness probes come from one address (the proxy, the orchestrator) often. */
const PROBES = new Set(['/api/health', '/api/ready']);
const isLimited = (path: string) =>
  !PROBES.has(path) && LIMITED_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));

/** Security headers (a CSP that fits the SPA), CORS for configured origins only, rate limits. */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { config } = opts;
  const connectSrc = ["'self'"];
  if (config.auth.mode === 'external') connectSrc.push(new URL(config.auth.issuer).origin);
  // News header images come from Contentful's image API when the news come from there.
  const imgSrc = ["'self'", 'data:', 'blob:'];
  if (config.contentful) imgSrc.push('https://images.ctfassets.net');
  // helmet's middleware is built once here: @fastify/helmet built it again on every request (its
  // CSP directives parsed each time: about 2 % of a board request's CPU at 500 req/s).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // index.html's start-up script, by its hash: no other inline script runs.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...inlineScriptSources(config.webDist)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc,
        fontSrc: ["'self'"],
        connectSrc,
        frameSrc: ["'self'", ...connectSrc.slice(1)],
        workerSrc: ["'self'", 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...connectSrc.slice(1)],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    // The camera and the OIDC silent-renew frame need these relaxed from helmet's defaults.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
  // An API answer to a request with a token is that player's (their profile, e-mail, bell):
  // no cache keeps it, and none hands one player's answer to another. An anonymous one names
  // players too (boards, match pages, public profiles): a cache asks again before reusing it, so
  // a player who hides their profile is hidden at once behind a caching proxy as well. Routes
  // that chose their own caching keep it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('cache-control') || !isLimited(routedPath(request))) return payload;
    if (request.headers.authorization !== undefined) {
      reply.header('cache-control', 'private, no-store');
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${String(vary)}, Authorization` : 'Authorization');
    } else {
      reply.header('cache-control', 'no-cache');
    }
    return payload;
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: false,
    // The cors plugin allows only GET, HEAD and POST by default; the API also deletes.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
  });
  // Several server processes share their counters through Redis; one process counts in memory.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        connectTimeout: 2000,
        // A Redis that is connected but does not answer (stalled, or the network drops its
        // packets) must fail a command like one that is down: without a timeout every limited
        // request waited for it, however long, instead of being let through.
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      })
    : undefined;
  app.decorate('limits', new Limits(redis, app.log, `${config.redisKeyPrefix}limit:`));
  if (redis) {
    // Once per outage: ioredis reports every failed reconnect, 3-4 lines a second while Redis
    // is away (the counters go on in each process meanwhile, plugins/limits.ts).
    let down = false;
    redis.on('error', (error: Error) => {
      if (down) return;
      down = true;
      app.log.warn({ err: error }, 'redis connection error');
    });
    redis.on('ready', () => {
      if (!down) return;
      down = false;
      app.log.info('redis connection ready again');
    });
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, {
    ...(redis
      ? { redis, nameSpace: `${config.redisKeyPrefix}rate-limit:`, skipOnError: true }
      : {}),
    // Not per route: a per-route limit hook would run after the /api auth hook, so floods of
    // requests with no or forged tokens (each a signature check) would never be counted.
    global: false,
    // The plugin's own key (the address, an IPv6 /64 as one), but a fixed one once the client
    // has hung up: the address is then gone, and the default key threw a TypeError that was
    // logged at error level for every early hang-up.
    keyGenerator: (request) => normalizeIP(request.ip ?? 'gone'),
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    // By the routed path: percent-encoding the prefix (`/%61pi/…`) must not leave the limit.
    allowList: (request) => !isLimited(routedPath(request)),
  });
  // The global limit as a root hook, ahead of authentication. Routes with their own
  // `config.rateLimit` (the device API) are limited by that alone.
  const globalLimit = app.rateLimit();
  app.addHook('onRequest', async function (request, reply) {
    if (request.routeOptions.config.rateLimit) return;
    await globalLimit.call(this, request, reply);
  });
});
