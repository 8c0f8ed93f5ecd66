import { Worker } from 'node:worker_threads';

export interface OpenLoopRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent as is, with every `@KEY@` replaced by a fresh UUID (idempotency keys). */
  body?: string;
}

export interface OpenLoopOptions {
  /** http://host:port */
  url: string;
  /** Requests sent in turn. */
  requests: OpenLoopRequest[];
  /** Requests per second, evenly spaced. */
  rate: number;
  /** Seconds measured, after `warmup` seconds not counted. */
  duration: number;
  warmup: number;
  /** Keep-alive connections at most; a request due while all are busy waits (and that counts). */
  connections: number;
  timeoutMs?: number;
}

export interface OpenLoopResult {
  /** Requests in the measured window. */
  total: number;
  ok: number;
  /** Answers other than 2xx, connection errors and timeouts. */
  failed: number;
  statuses: Record<string, number>;
  /** Answers by status over the whole run, warm-up included: everything the server was sent. */
  statusesAll: Record<string, number>;
  /** Completed per second over the measured window. */
  rps: number;
  /** Milliseconds from the instant each request was due to its last byte. */
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/**
 * A fixed arrival rate, as wrk2 does it: requests go out at evenly spaced instants whatever the
 * server is doing, and latency is measured from when each was due. (autocannon's `overallRate`
 * is not that: each connection sends its share of a second back to back at the start of the
 * second, so every second begins with a burst of `rate` requests and p99 measures that burst.)
 * Runs in a worker thread, so it shares no event loop with a server in this process.
 */
export function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./open-loop-worker.mjs', import.meta.url), {
      workerData: { timeoutMs: 10_000, ...options },
    });
    worker.once('message', (result: OpenLoopResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`open-loop worker exited with ${code}`));
    });
  });
}
