import { errorCode, HttpClient, sleep } from './http-client';

export interface ProbeRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
}

/** One probe's answer (or failure), timed from the start of the probes. */
export interface ProbeResult {
  path: string;
  /** performance.now() when it was sent. */
  at: number;
  ms: number;
  status: number | undefined;
  code: string | undefined;
  retryAfter: string | undefined;
  error: string | undefined;
}

/**
 * Sends each request in turn, one at a time per request, every `intervalMs`, recording every
 * answer: readiness and a few reads beside the devices' reports while a fault happens.
 */
export function startProbes(
  baseUrl: string,
  requests: ProbeRequest[],
  intervalMs = 100,
): { results: ProbeResult[]; stop: () => Promise<ProbeResult[]> } {
  const results: ProbeResult[] = [];
  let stopped = false;
  const loop = async (request: ProbeRequest) => {
    const client = new HttpClient(baseUrl);
    try {
      while (!stopped) {
        const at = performance.now();
        const outcome = await client.request(request.method ?? 'GET', request.path, {
          headers: request.headers,
          timeoutMs: 15_000,
        });
        results.push({
          path: request.path,
          at,
          ms: outcome.ms,
          status: outcome.status,
          code: errorCode(outcome),
          retryAfter: outcome.headers['retry-after'],
          error: outcome.error,
        });
        await sleep(Math.max(0, intervalMs - outcome.ms));
      }
    } finally {
      client.close();
    }
  };
  const running = requests.map(loop);
  return {
    results,
    stop: async () => {
      stopped = true;
      await Promise.all(running);
      return results;
    },
  };
}
