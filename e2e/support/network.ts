import type { Page, Request } from 'playwright-core';

/** The app's live channel: a server-sent event stream that stays open while the app is. */
const isLiveStream = (request: Request) => new URL(request.url()).pathname === '/api/live';

/**
 * Playwright's 'networkidle' never comes to a signed-in page: its live channel (GET /api/live)
 * stays open. Tracks the page's other requests from now on; `settled()` resolves once none has
 * been in flight for `quietMs`.
 */
export function trackRequests(page: Page, quietMs = 500) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const start = (request: Request) => {
    if (isLiveStream(request)) return;
    inFlight.add(request);
    lastChange = Date.now();
  };
  const end = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    async settled(timeoutMs = 30_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline)
          throw new Error(
            `requests still in flight after ${timeoutMs} ms: ${[...inFlight].map((r) => r.url()).join(', ')}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
