import cluster from 'node:cluster';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** A listener that answers GET /metrics (no token: bind it where only the scraper reaches). */
export interface MetricsServer {
  /** http://host:port of the listener (the port is the bound one when 0 was asked). */
  url: string;
  close(): Promise<void>;
}

export interface Scrape {
  contentType: string;
  body: string;
}

/** Where a failed scrape is reported (a pino logger, or console in a bare cluster primary). */
export interface MetricsLog {
  error(details: object, message: string): void;
}

const consoleLog: MetricsLog = { error: (details, message) => console.error(message, details) };

/** Serves `scrape()` at GET /metrics on host:port; nothing else. */
export async function serveMetrics(
  where: { host: string; port: number },
  scrape: () => Promise<Scrape>,
  log: MetricsLog = consoleLog,
): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Not found: the metrics are at GET /metrics\n');
      return;
    }
    scrape().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(body);
      },
      (error: unknown) => {
        log.error({ err: error }, 'metrics scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('The metrics could not be collected\n');
      },
    );
  });
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, family, port } = server.address() as AddressInfo;
  const host = family === 'IPv6' ? `[${address}]` : address;
  let closed: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}

/**
 * The metrics listener of a single-process server, on METRICS_HOST:METRICS_PORT; it closes with
 * the app. Call it after `app.listen`. Undefined when METRICS_PORT is not set, and in a cluster
 * worker, whose figures the primary serves (`startClusterMetricsServer`).
 */
export async function startMetricsServer(app: FastifyInstance): Promise<MetricsServer | undefined> {
  const { host, port } = app.config.metrics;
  const { registry } = app.appMetrics;
  if (port === undefined || !registry || cluster.isWorker) return undefined;
  const server = await serveMetrics(
    { host, port },
    async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
    app.log,
  );
  app.appMetrics.closeWithApp(() => server.close());
  app.log.info(`metrics at ${server.url}/metrics`);
  return server;
}
