import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import type { Config } from '../config';
import { unavailable } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: never answered 503 overloaded (health and readiness probes). Default true. */
    shed?: boolean;
  }
}

/** What an overloaded server tells clients: come back in a few seconds. */
const RETRY_AFTER_SECONDS = 5;
/** How often @fastify/under-pressure takes the event loop delay (its mean since the last). */
const SAMPLE_INTERVAL_MS = 1_000;

const overloaded = (what: string) =>
  unavailable(
    'overloaded',
    `The server is overloaded (${what}); try again in a few seconds`,
    RETRY_AFTER_SECONDS,
  );

/**
 * The web app's own files (GET or HEAD outside /api and /oidc: precompressed, cached) cost next to
 * nothing; shedding a page load would leave a player a page of JSON instead of the app, whose API
 * calls then get the 503 and say it in the player's language.
 */
const webAppFile = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  !/^\/(api|oidc)(\/|$)/.test(request.url);

const sheddable = (request: FastifyRequest) =>
  request.routeOptions.config?.shed !== false && !webAppFile(request);

export interface OverloadOptions {
  overload: Config['overload'];
  /** Queries waiting for a pooled database connection now (Database.stats().waiting). */
  waiting: () => number;
}

/**
 * Load shedding: while the event loop lags more than `overload.eventLoopDelayMs` (the mean over
 * the last second, measured by @fastify/under-pressure) or more than `overload.poolWaiting`
 * queries wait for a database connection, new requests are answered at once with 503
 * `overloaded` and Retry-After, before any work is done for them, instead of queueing until
 * every request times out. 0 turns a check off. Health, readiness and the web app's files are never shed.
 */
export const overloadPlugin = fp(
  async (app: FastifyInstance, { overload, waiting }: OverloadOptions) => {
    if (overload.eventLoopDelayMs > 0) {
      // The start itself blocks the event loop for seconds (migrations, plugins): that is not
      // load, but the first sample after it would shed the first requests. The check counts
      // from the second sample after the app is ready, the first taken wholly after the start.
      let started = false;
      app.addHook('onReady', async () => {
        setTimeout(() => (started = true), 2 * SAMPLE_INTERVAL_MS).unref();
      });
      await app.register(underPressure, {
        maxEventLoopDelay: overload.eventLoopDelayMs,
        sampleInterval: SAMPLE_INTERVAL_MS,
        // Called only while under pressure: nothing for an exempt route or before the start is
        // over (the request goes on), else a rejection that the error handler answers in the
        // API's error shape.
        pressureHandler: (request) =>
          started && sheddable(request)
            ? Promise.reject(overloaded('event loop delay'))
            : undefined,
      });
    }
    if (overload.poolWaiting > 0) {
      app.addHook('onRequest', async (request) => {
        if (sheddable(request) && waiting() > overload.poolWaiting)
          throw overloaded('database connections');
      });
    }
  },
  { name: 'overload' },
);
