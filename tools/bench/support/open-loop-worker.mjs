// The worker of open-loop.ts: sends requests at evenly spaced, pre-computed instants whether or
// not earlier answers have arrived (an open system, as players arrive), over a pool of keep-alive
// connections, and measures each latency from the instant the request was due. A slow answer
// therefore counts for every request it held up (no coordinated omission, as in wrk2).
// Plain JavaScript, so the worker needs no TypeScript loader.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, requests, rate, duration, warmup, connections, timeoutMs } = workerData;
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const interval = 1000 / rate;
const warmCount = Math.round(rate * warmup);
const total = warmCount + Math.round(rate * duration);
const latencies = new Float64Array(total - warmCount);
let measured = 0;
let failed = 0;
let settled = 0;
let lastDone = 0;
const statuses = {};
const statusesAll = {};

// A little ahead, so the first requests are not already late when the loop starts.
const start = performance.now() + 20;
let next = 0;

function send(index) {
  const due = start + index * interval;
  const request = requests[index % requests.length];
  const body = request.body?.replaceAll('@KEY@', randomUUID());
  const req = http.request(
    {
      agent,
      host: target.hostname,
      port: target.port,
      method: request.method ?? 'GET',
      path: request.path,
      headers: {
        ...request.headers,
        ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
      },
      timeout: timeoutMs,
    },
    (res) => {
      res.on('data', () => {});
      res.on('end', () => finish(index, due, res.statusCode ?? 0));
    },
  );
  req.on('timeout', () => req.destroy(new Error('timeout')));
  req.on('error', () => finish(index, due, 0));
  req.end(body);
}

function finish(index, due, status) {
  const now = performance.now();
  settled++;
  statusesAll[status] = (statusesAll[status] ?? 0) + 1;
  if (index >= warmCount) {
    lastDone = Math.max(lastDone, now);
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status >= 200 && status < 300) latencies[measured++] = now - due;
    else failed++;
  }
  if (settled === total) report();
}

function tick() {
  const now = performance.now();
  while (next < total && start + next * interval <= now) send(next++);
  if (next < total) setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function report() {
  const sorted = latencies.slice(0, measured).sort();
  const firstDue = start + warmCount * interval;
  agent.destroy();
  parentPort.postMessage({
    total: total - warmCount,
    ok: measured,
    failed,
    statuses,
    statusesAll,
    // What was completed per second over the measured window (below `rate` when the server lags).
    rps: (measured + failed) / ((lastDone - firstDue) / 1000),
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : 0,
  });
}

setTimeout(tick, Math.max(0, start - performance.now()));
