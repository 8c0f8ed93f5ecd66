import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyMetrics, { type IMetricsPluginOptions } from 'fastify-metrics';
import promClient, { Gauge, Registry, type Counter } from 'prom-client';
import type { Config } from '../config';
import { unauthorized } from './errors';
import { shareWithClusterPrimary } from './metrics-cluster';

declare module 'fastify' {
  interface FastifyInstance {
    appMetrics: AppMetrics;
  }
}

/** The app's Prometheus metrics, as the features and the listeners see them. */
interface AppMetrics {
  /** One registry per app (tests build many apps in a process); undefined when metrics are off. */
  readonly registry: Registry | undefined;
  /** A game report stored a new game. */
  gameIngested(): void;
  /** Closes `close` together with the app (a listener started after `app.listen`). */
  closeWithApp(close: () => Promise<void>): void;
}

/** The counters the features move, made by the domain metrics. */
export interface DomainCounters {
  gamesIngested: Counter;
}

/**
 * Registers the features' own figures (given by the app, which knows the features: a plugin
 * never imports one).
 */
export type DomainMetrics = (registry: Registry, app: FastifyInstance) => DomainCounters;

/** The pool of `app.database`: a PGlite database reports itself as a pool of one. */
function registerPoolMetrics(registry: Registry, app: FastifyInstance): void {
  const { database } = app;
  const figure = (name: string, help: string, pick: 'total' | 'idle' | 'waiting') =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(database.stats()[pick]);
      },
    });
  figure('arcadia_db_pool_connections', 'Open connections of the database pool', 'total');
  figure('arcadia_db_pool_idle_connections', 'Open connections not running a query', 'idle');
  figure('arcadia_db_pool_waiting', 'Queries queued for a free pool connection', 'waiting');
}

/** Request duration buckets (seconds): fine where the API answers, coarse up to a long poll. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Whether anything is exposed: /metrics behind a token, and/or the metrics port. */
function metricsEnabled(config: Config): boolean {
  return config.metrics.token !== undefined || config.metrics.port !== undefined;
}

/** `Authorization: Bearer <token>`, compared in constant time (digests of equal length). */
function bearerCheck(token: string): (header: string | undefined) => boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  const expected = digest(token);
  return (header) => {
    const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    return timingSafeEqual(digest(given), expected);
  };
}

/**
 * fastify-metrics is typed against @prometheus-io/client, prom-client's successor with the same
 * API; it is given prom-client so that one client (and its AggregatorRegistry) holds everything.
 */
type TheirRegistry = NonNullable<IMetricsPluginOptions['defaultMetrics']['register']>;

function routeMetricsOptions(registry: Registry): Partial<IMetricsPluginOptions> {
  // prom-client's registry and module where @prometheus-io/client's are typed: the same shape.
  const theirs = registry as unknown as TheirRegistry;
  return {
    promClient: promClient as unknown as IMetricsPluginOptions['promClient'],
    endpoint: null,
    defaultMetrics: { enabled: true, register: theirs },
    routeMetrics: {
      // Histograms add up across processes; summaries do not, and cost more.
      enabled: { histogram: true, summary: false },
      // The route pattern (/api/user/:id/details), never the URL: no ids in labels.
      overrides: {
        histogram: { registers: [theirs], buckets: DURATION_BUCKETS },
        summary: { registers: [] },
      },
      routeBlacklist: ['/metrics'],
    },
  };
}

/**
 * Prometheus metrics: request durations per route pattern, the process (event loop lag, heap,
 * RSS, GC), the database pool and domain figures read on scrape. Exposed at /metrics on the
 * main port only when METRICS_TOKEN is set (and then only with that bearer token), and on
 * METRICS_HOST:METRICS_PORT by `startMetricsServer` / `startClusterMetricsServer`. With neither,
 * nothing is collected.
 */
export const metricsPlugin = fp(
  async (
    app: FastifyInstance,
    { config, domainMetrics }: { config: Config; domainMetrics?: DomainMetrics },
  ) => {
    if (!metricsEnabled(config)) {
      app.decorate('appMetrics', {
        registry: undefined,
        gameIngested: () => undefined,
        closeWithApp: () => undefined,
      } satisfies AppMetrics);
      return;
    }
    const registry = new Registry();
    await app.register(fastifyMetrics, routeMetricsOptions(registry));
    registerPoolMetrics(registry, app);
    const gamesIngested = domainMetrics?.(registry, app).gamesIngested;
    // A worker answers the primary's requests for its figures (startClusterMetricsServer).
    if (cluster.isWorker) shareWithClusterPrimary(registry);

    const listeners = new Set<() => Promise<void>>();
    app.addHook('onClose', async () => {
      await Promise.all([...listeners].map((close) => close()));
    });
    app.decorate('appMetrics', {
      registry,
      gameIngested: () => gamesIngested?.inc(),
      closeWithApp: (close) => void listeners.add(close),
    } satisfies AppMetrics);

    const { token } = config.metrics;
    if (token === undefined) return;
    const authorized = bearerCheck(token);
    app.get('/metrics', {
      logLevel: 'warn',
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        if (!authorized(request.headers.authorization)) {
          reply.header('www-authenticate', 'Bearer');
          throw unauthorized('A valid metrics token is required');
        }
        const body = await registry.metrics();
        return reply.type(registry.contentType).header('cache-control', 'no-store').send(body);
      },
    });
  },
  { name: 'arcadia-metrics' },
);
