import { createRequire } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { context, propagation, trace, type TracerProvider } from '@opentelemetry/api';
import type { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import type { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import type { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { FastifyBaseLogger, FastifyPluginCallback } from 'fastify';
import { IncomingMessage, type ClientRequest } from 'node:http';
import type { Span } from '@opentelemetry/api';
import { loggedUrl, queryNames } from './logging';

/**
 * The OpenTelemetry SDK, loaded by tracing.ts only when an endpoint is configured.
 *
 * The exporter and the http/pg instrumentations are the 0.223 line, the one built for
 * sdk-trace-node 2.12 and @opentelemetry/api 1.9 (the 0.30x line needs api 1.10, which the 2.x
 * SDK does not allow). They are loaded with require: the server imported http and pg long before
 * tracing starts, and the instrumentations patch a module when it is required (see below).
 */
const require = createRequire(import.meta.url);

interface Instrumentation {
  setTracerProvider(provider: TracerProvider): void;
  enable(): void;
  disable(): void;
}

const HOST_INSTRUMENTATIONS: Array<{ modules: string[]; create: () => Instrumentation }> = [
  {
    modules: ['http', 'https'],
    create: () => {
      const { HttpInstrumentation: Http } = require('@opentelemetry/instrumentation-http') as {
        HttpInstrumentation: typeof HttpInstrumentation;
      };
      return new Http({
        requestHook: (span, request) => {
          if (request instanceof IncomingMessage) withoutSecrets(span, request.url ?? '');
          // A call out (a push service, the issuer's keys): its origin only. A push
          // subscription's endpoint names the player's device in its path.
          else span.setAttribute('url.full', `${request.protocol}//${hostOf(request)}`);
        },
      });
    },
  },
  {
    modules: ['pg', 'pg-pool'],
    create: () => {
      const { PgInstrumentation: Pg } = require('@opentelemetry/instrumentation-pg') as {
        PgInstrumentation: typeof PgInstrumentation;
      };
      return new Pg();
    },
  },
];

/**
 * http and pg spans, where the installed packages allow. These instrumentations patch a module
 * when it is required; the server imported http and pg long before this runs, so each module is
 * required again once its instrumentation is on, which patches the loaded module's prototypes
 * in place. (The usual way, `node --import` of a preload, is not needed then.)
 */
function startHostInstrumentations(
  provider: TracerProvider,
  log: FastifyBaseLogger,
): Instrumentation[] {
  const started: Instrumentation[] = [];
  for (const { modules, create } of HOST_INSTRUMENTATIONS) {
    try {
      const instrumentation = create();
      instrumentation.setTracerProvider(provider);
      instrumentation.enable();
      for (const name of modules) require(name);
      started.push(instrumentation);
    } catch (error) {
      log.warn(
        { err: error, modules },
        'OpenTelemetry instrumentation unavailable, no spans for these modules (docs/operations.md)',
      );
    }
  }
  return started;
}

/** Host and port a call out goes to, as its Host header names them. */
function hostOf(request: ClientRequest): string {
  const header = request.getHeader('host');
  return typeof header === 'string' ? header : request.host;
}

/**
 * A request's URL on its span as the log keeps it (loggedUrl): no claim token in the path, and of
 * the query only the parameters' names. The instrumentations record the URL as it came, with a
 * reset link's token or a card's claim secret in it.
 */
function withoutSecrets(span: Span, url: string): void {
  span.setAttribute('url.path', loggedUrl(url));
  const names = queryNames(url);
  if (names !== undefined) span.setAttribute('url.query', names);
}

function tracesUrl(endpoint: string): string {
  // OTEL_EXPORTER_OTLP_ENDPOINT is the collector's base URL; traces go to its /v1/traces.
  return new URL('v1/traces', endpoint.endsWith('/') ? endpoint : `${endpoint}/`).href;
}

export interface Tracing {
  /** @fastify/otel: a span per request with its route pattern, and one for the handler. */
  fastifyPlugin: FastifyPluginCallback;
  /** Sends what is buffered, then stops tracing in this process. */
  shutdown(): Promise<void>;
}

export function startTracing(options: {
  endpoint: string;
  serviceName: string;
  log: FastifyBaseLogger;
}): Tracing {
  const { OTLPTraceExporter: Exporter } = require('@opentelemetry/exporter-trace-otlp-http') as {
    OTLPTraceExporter: typeof OTLPTraceExporter;
  };
  // OTLP/HTTP with JSON bodies; OTEL_EXPORTER_OTLP_HEADERS (e.g. an API key) is read by it.
  const exporter = new Exporter({ url: tracesUrl(options.endpoint) });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  // Global: the context manager carries the request's span into the handler's awaits.
  provider.register();
  const fastify = new FastifyOtelInstrumentation({
    // Scrapes would be most of the traces; hooks would be ten spans per request.
    ignorePaths: (route) => route.url.split('?')[0] === '/metrics',
    instrumentHooks: false,
    requestHook: (span, request) => withoutSecrets(span, request.url),
  });
  fastify.setTracerProvider(provider);
  const host = startHostInstrumentations(provider, options.log);
  return {
    fastifyPlugin: fastify.plugin(),
    shutdown: async () => {
      for (const instrumentation of [fastify, ...host]) instrumentation.disable();
      await provider.shutdown();
      // Lets a later app in this process (tests) register its own provider.
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
