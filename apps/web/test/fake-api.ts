/**
 * Test support: a fake HTTP server behind `fetch` for component tests in jsdom. Each route
 * answers a status and JSON body; every call is recorded (method, path, query, JSON body), so a
 * test can check what the app sent. Unknown calls answer 404 (and are recorded too).
 */
import { vi } from 'vitest';

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** Hold the answer until this promise settles (to see in-progress states). */
  wait?: Promise<unknown>;
}

export type FakeHandler = (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeApi {
  calls: FakeCall[];
  /** Adds or replaces the handler of `METHOD /path` (exact path, query ignored). */
  on(method: string, path: string, answer: FakeAnswer | FakeHandler): void;
  callsTo(method: string, path: string): FakeCall[];
}

export function installFakeApi(): FakeApi {
  const handlers = new Map<string, FakeHandler>();
  const calls: FakeCall[] = [];
  // fetchBaseQuery builds `new Request('/api/...')`; Node's Request needs an absolute URL.
  const NodeRequest = globalThis.Request;
  class PageRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
    }
  }
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof NodeRequest ? input : new PageRequest(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const call: FakeCall = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      authorization: request.headers.get('authorization'),
    };
    calls.push(call);
    const handler = handlers.get(`${call.method} ${call.path}`);
    const answer = handler
      ? await handler(call)
      : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
    if (answer.wait) await answer.wait.catch(() => undefined);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return {
    calls,
    on(method, path, answer) {
      handlers.set(
        `${method.toUpperCase()} ${path}`,
        typeof answer === 'function' ? answer : () => answer,
      );
    },
    callsTo(method, path) {
      return calls.filter((c) => c.method === method.toUpperCase() && c.path === path);
    },
  };
}

/** A promise with its resolve function, to hold an answer back until the test says so. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
