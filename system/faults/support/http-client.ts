import http from 'node:http';

/** What one request came to: an HTTP answer, or the error that ended it instead. */
export interface Outcome {
  /** The HTTP status; undefined when no answer came (connection refused or reset, timeout). */
  status: number | undefined;
  body: unknown;
  headers: http.IncomingHttpHeaders;
  /** The error code when no answer came: ECONNREFUSED, ECONNRESET, timeout, ... */
  error: string | undefined;
  /** performance.now() when the request was handed to the socket in full. */
  sentAt: number;
  /** Milliseconds from the call to the answer's last byte (or to the error). */
  ms: number;
}

/**
 * A client with its own keep-alive connections (as one device or browser has), over node:http
 * rather than fetch: it tells a reset connection from a refused one, and when the request was
 * sent in full.
 */
export class HttpClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  private readonly base: URL;

  constructor(baseUrl: string) {
    this.base = new URL(baseUrl);
  }

  request(
    method: string,
    path: string,
    options: {
      headers?: Record<string, string>;
      body?: unknown;
      timeoutMs?: number;
      /** Called once the request is handed to the socket in full. */
      onSent?: () => void;
    } = {},
  ): Promise<Outcome> {
    const started = performance.now();
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    return new Promise((resolve) => {
      let sentAt = Number.NaN;
      let settled = false;
      const finish = (outcome: Omit<Outcome, 'sentAt' | 'ms'>) => {
        if (settled) return;
        settled = true;
        resolve({ ...outcome, sentAt, ms: performance.now() - started });
      };
      const req = http.request(
        {
          agent: this.agent,
          host: this.base.hostname,
          port: this.base.port,
          method,
          path,
          headers: {
            ...(body === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
            ...options.headers,
          },
          timeout: options.timeoutMs ?? 10_000,
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('error', (error: NodeJS.ErrnoException) =>
            finish({
              status: undefined,
              body: undefined,
              headers: {},
              error: error.code ?? 'error',
            }),
          );
          res.on('end', () => {
            let parsed: unknown = text;
            try {
              parsed = text ? JSON.parse(text) : undefined;
            } catch {
              // not JSON: keep the text
            }
            finish({
              status: res.statusCode,
              body: parsed,
              headers: res.headers,
              error: undefined,
            });
          });
        },
      );
      req.on('finish', () => {
        sentAt = performance.now();
        options.onSent?.();
      });
      req.on('timeout', () =>
        req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })),
      );
      req.on('error', (error: NodeJS.ErrnoException) =>
        finish({
          status: undefined,
          body: undefined,
          headers: {},
          error: error.code ?? error.message,
        }),
      );
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The API error code of an answer, if it has the error shape. */
export function errorCode(outcome: Outcome): string | undefined {
  const body = outcome.body as { error?: { code?: unknown } } | undefined;
  return typeof body?.error?.code === 'string' ? body.error.code : undefined;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
