import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, Registry } from 'prom-client';
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

/** The primary's question to a worker, and the worker's answer, over node:cluster's IPC. */
const REQUEST = 'arcadia:metrics-request';
const ANSWER = 'arcadia:metrics-answer';
/**
 * How long a scrape waits for each worker. A worker that is starting (just forked by the primary
 * after one died) or stuck does not answer: the scrape goes on with its last figures (none for a
 * new one) instead of failing for all of them, and says how many answered
 * (`arcadia_metrics_workers_answered`).
 */
export const WORKER_ANSWER_MS = 2_000;

type Figures = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;
interface Answer {
  type: typeof ANSWER;
  id: number;
  figures?: Figures;
  error?: string;
}

const isMessage = <T extends { type: string }>(message: unknown, type: T['type']): message is T =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;

/** Lets the primary ask this worker for `registry`'s figures (startClusterMetricsServer). */
export function shareWithClusterPrimary(registry: Registry): void {
  process.on('message', (message: unknown) => {
    if (!isMessage<{ type: typeof REQUEST; id: number }>(message, REQUEST)) return;
    const answer = (rest: Partial<Answer>) =>
      process.send?.({ type: ANSWER, id: message.id, ...rest });
    registry.getMetricsAsJSON().then(
      (figures) => answer({ figures }),
      (error: unknown) => answer({ error: String(error) }),
    );
  });
}

let nextRequest = 0;

/** One worker's figures, or undefined when it does not answer within `ms`. */
function askWorker(worker: Worker, id: number, ms: number): Promise<Figures | undefined> {
  return new Promise((resolve) => {
    const finish = (figures: Figures | undefined) => {
      clearTimeout(timer);
      worker.off('message', listen);
      resolve(figures);
    };
    const listen = (message: unknown) => {
      if (isMessage<Answer>(message, ANSWER) && message.id === id) finish(message.figures);
    };
    const timer = setTimeout(() => finish(undefined), ms);
    worker.on('message', listen);
    worker.send({ type: REQUEST, id }, (error) => error && finish(undefined));
  });
}

/** Figures that only grow while their process lives (summed over the workers). */
const GROWING = new Set(['counter', 'histogram']);

/**
 * What earlier scrapes learned: each live worker's last figures, and the growing figures of the
 * workers gone since, added up. Prometheus takes a counter that falls for a reset and counts its
 * whole value again: a worker left out of one scrape (stuck for 2 s) or one that died would
 * otherwise pull the sums down and show thousands of games and requests that never happened.
 */
const remembered = { last: new Map<number, Figures>(), gone: [] as Figures };

async function keepWhatItCounted(figures: Figures): Promise<void> {
  const growing = figures.filter(
    (figure) => GROWING.has(String(figure.type)) && (figure.aggregator ?? 'sum') === 'sum',
  );
  remembered.gone = await AggregatorRegistry.aggregate([
    remembered.gone,
    growing,
  ]).getMetricsAsJSON();
}

/**
 * The figures of every worker, combined as each figure says (`aggregator`), with how many
 * workers there are and how many answered. A worker that does not answer in time counts with its
 * last figures; one that is gone leaves its counters and histograms in the sums, so they never
 * fall (a restarted worker counts on from there). Throws when none answered.
 */
export async function clusterFigures(ms = WORKER_ANSWER_MS): Promise<string> {
  const workers = Object.values(cluster.workers ?? {}).filter(
    (worker): worker is Worker => worker !== undefined && worker.isConnected(),
  );
  const id = ++nextRequest;
  const answers = await Promise.all(workers.map((w) => askWorker(w, id, ms)));
  const live = new Set(workers.map((worker) => worker.id));
  for (const [worker, figures] of remembered.last)
    if (!live.has(worker)) {
      remembered.last.delete(worker);
      await keepWhatItCounted(figures);
    }
  let answered = 0;
  const current: Figures[] = [];
  workers.forEach((worker, i) => {
    const figures = answers[i];
    if (figures) {
      answered++;
      remembered.last.set(worker.id, figures);
    }
    const known = figures ?? remembered.last.get(worker.id);
    if (known) current.push(known);
  });
  if (workers.length > 0 && answered === 0)
    throw new Error(`none of the ${workers.length} workers answered within ${ms} ms`);
  const combined = await AggregatorRegistry.aggregate([...current, remembered.gone]).metrics();
  return (
    combined +
    '# HELP arcadia_metrics_workers Server processes (workers) the primary has now.\n' +
    '# TYPE arcadia_metrics_workers gauge\n' +
    `arcadia_metrics_workers ${workers.length}\n` +
    '# HELP arcadia_metrics_workers_answered Workers whose figures are in this scrape.\n' +
    '# TYPE arcadia_metrics_workers_answered gauge\n' +
    `arcadia_metrics_workers_answered ${answered}\n`
  );
}

/**
 * The primary's listener on METRICS_HOST:METRICS_PORT, answering with the sum (or max/min) of
 * the workers' figures; undefined when METRICS_PORT is not set. A worker that does not answer
 * within WORKER_ANSWER_MS (starting, stuck) counts with its last figures in that scrape, and
 * `arcadia_metrics_workers_answered` falls below `arcadia_metrics_workers`; only when none
 * answers does the scrape fail (500, `up == 0` for Prometheus).
 */
export async function startClusterMetricsServer(
  config: Pick<Config, 'metrics'>,
  log?: MetricsLog,
): Promise<MetricsServer | undefined> {
  const { host, port } = config.metrics;
  if (port === undefined) return undefined;
  return serveMetrics(
    { host, port },
    async () => ({ contentType: Registry.PROMETHEUS_CONTENT_TYPE, body: await clusterFigures() }),
    log,
  );
}
