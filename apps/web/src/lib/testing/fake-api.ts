/**
 * Test support: a stand-in for the HTTP server in jsdom component tests. The app calls the global
 * fetch with relative URLs (RTK Query and plain fetch alike); this answers them from a handler and
 * records every call. The real server is exercised by the browser journeys in e2e/.
 */
import { vi } from 'vitest';

export interface FakeCall {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}
export interface FakeReply {
  status: number;
  body?: unknown;
}
export type FakeHandler = (call: FakeCall) => FakeReply | Promise<FakeReply>;

const ORIGIN = 'http://localhost';

export function installFakeApi(handler: FakeHandler) {
  const calls: FakeCall[] = [];
  const NodeRequest = globalThis.Request;
  // Relative URLs resolve against the page; jsdom's AbortSignal is not Node's, so it stays out.
  class PageRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      const url = typeof input === 'string' ? new URL(input, ORIGIN) : input;
      super(url, { ...init, signal: undefined });
    }
  }
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new PageRequest(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const call: FakeCall = {
      method: request.method,
      path: url.pathname + url.search,
      headers: request.headers,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    calls.push(call);
    const reply = await handler(call);
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { calls, restore: () => vi.unstubAllGlobals() };
}

/** The server's error shape. */
export const apiError = (status: number, code: string, message: string): FakeReply => ({
  status,
  body: { error: { code, message } },
});
