/**
 * A cluster worker that never answers the primary's metrics requests (metrics-cluster.test.ts):
 * as a worker that is still starting, or stuck.
 */
process.send?.('ready');
setInterval(() => undefined, 1_000);
