/**
 * The answers of the page's early calls (`@arcadia/contracts/early-calls`): the start-up script
 * (apps/web/build/first-paint.ts) began them with the player's token while the app's scripts were
 * still loading. The API client takes one when it asks for the same address with the same token,
 * once; any other call, or a failed early one, goes to the network.
 */
interface EarlyCall {
  token: string;
  answer: Promise<Response>;
}

declare global {
  interface Window {
    arcadiaEarlyCalls?: Record<string, EarlyCall>;
  }
}

/** The early answer for this request, taken (a second ask goes to the network), or undefined. */
export function takeEarlyCall(request: Request): Promise<Response> | undefined {
  const calls = typeof window === 'undefined' ? undefined : window.arcadiaEarlyCalls;
  if (!calls || request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  if (url.origin !== window.location.origin) return undefined;
  const path = url.pathname + url.search;
  const call = calls[path];
  if (!call || request.headers.get('authorization') !== `Bearer ${call.token}`) return undefined;
  delete calls[path];
  return call.answer;
}

/** `fetch` for the API client: an early answer when there is one, else the network. */
export function fetchWithEarlyCalls(
  input: RequestInfo | URL,
  init?: RequestInit,
): Promise<Response> {
  const request = input instanceof Request && !init ? input : new Request(input, init);
  const early = takeEarlyCall(request);
  return early ? early.catch(() => fetch(request)) : fetch(request);
}
