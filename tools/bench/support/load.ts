import autocannon from 'autocannon';

export interface LoadOptions {
  /** http://host:port */
  url: string;
  /** Paths requested in turn by every connection. */
  paths: string[];
  headers?: Record<string, string>;
  connections?: number;
  /** Seconds measured, after `warmup` seconds not counted. */
  duration?: number;
  warmup?: number;
  /** A fixed rate for all connections together (requests/s); unlimited by default. */
  overallRate?: number;
}

export interface LoadResult {
  /** Mean requests per second. */
  rps: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  max: number;
  total: number;
  /** Connection errors, timeouts and answers other than 2xx. */
  failed: number;
}

/**
 * Runs autocannon against `url` in a worker thread, so the load generator does not share the
 * event loop with a server in this process. With `overallRate`, latencies are corrected for
 * coordinated omission (autocannon's default).
 */
export async function measure(options: LoadOptions): Promise<LoadResult> {
  const connections = options.connections ?? 50;
  const result = await autocannon({
    url: options.url,
    connections,
    duration: options.duration ?? 10,
    workers: 1,
    headers: options.headers,
    requests: options.paths.map((path) => ({ method: 'GET', path })),
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    ...(options.warmup ? { warmup: { connections, duration: options.warmup } } : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    total: result.requests.total,
    failed: result.errors + result.timeouts + result.non2xx,
  };
}
