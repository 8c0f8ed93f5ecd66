import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/**
 * OpenTelemetry traces to OTEL_EXPORTER_OTLP_ENDPOINT when it is set. The SDK is imported only
 * then, so a server without it loads none of it. Register before any route: the Fastify
 * instrumentation wraps routes as they are added.
 */
export const tracingPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const { endpoint, serviceName } = config.otel;
    if (!endpoint) return;
    const { startTracing } = await import('./tracing-provider');
    const tracing = startTracing({ endpoint, serviceName, log: app.log });
    await app.register(tracing.fastifyPlugin);
    // Last spans are sent before the app is gone.
    app.addHook('onClose', () => tracing.shutdown());
  },
  { name: 'arcadia-tracing' },
);
