import { AggregatorRegistry, type Registry } from 'prom-client';
import type { Config } from '../config';
import { serveMetrics, type MetricsLog, type MetricsServer } from './metrics-server';

/**
 * Metrics of a server run as several node:cluster workers: every worker collects its own
 * (metricsPlugin calls `shareWithClusterPrimary`), and the primary, which builds no app, serves
 * their aggregate on METRICS_HOST:METRICS_PORT. How each figure is combined is set where it is
 * defined (`aggregator`: sum by default, max/min for figures read from the shared database).
 *
 * server.ts, in the primary after forking the workers:
 *
 *   const metrics = await startClusterMetricsServer(config);
 *   // on shutdown, before exiting:
 *   await metrics?.close();
 *
 * and in each worker nothing beyond `buildApp` (do not call `startMetricsServer` there: it
 * returns undefined in a worker). /metrics on the main port (METRICS_TOKEN) answers with the
 * figures of whichever worker took the connection: scrape the primary's port instead.
 */

/**
 * Lets the primary ask this worker for `registry`'s figures. prom-client answers the primary
 * only once an AggregatorRegistry exists in the worker (its constructor adds the listener).
 */
export function shareWithClusterPrimary(registry: Registry): void {
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

/**
 * The primary's listener on METRICS_HOST:METRICS_PORT, answering with the sum (or max/min) of
 * all live workers' figures; undefined when METRICS_PORT is not set. A worker that does not
 * answer within 5 s fails that scrape (500), which Prometheus records as `up == 0`.
 */
export async function startClusterMetricsServer(
  config: Pick<Config, 'metrics'>,
  log?: MetricsLog,
): Promise<MetricsServer | undefined> {
  const { host, port } = config.metrics;
  if (port === undefined) return undefined;
  const aggregator = new AggregatorRegistry();
  return serveMetrics(
    { host, port },
    async () => ({ contentType: aggregator.contentType, body: await aggregator.clusterMetrics() }),
    log,
  );
}
