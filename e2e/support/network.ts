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

/**
 * Records what the page does from now on (requests with their answers or failures, console
 * messages, navigations), with the milliseconds since the start. `explain(error)` rethrows a
 * failed wait with that record, the address and the page's text, so a journey that failed on CI
 * says what the page was doing instead of only what it did not show.
 */
export function recordActivity(page: Page) {
  const started = Date.now();
  const lines: string[] = [];
  const note = (line: string) => lines.push(`${Date.now() - started} ms ${line}`);
  const path = (url: string) => {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  };
  page.on('request', (r) => note(`→ ${r.method()} ${path(r.url())}`));
  page.on('response', (r) => note(`← ${r.status()} ${path(r.url())}`));
  page.on('requestfailed', (r) => note(`✗ ${path(r.url())} ${r.failure()?.errorText ?? ''}`));
  page.on('console', (m) => note(`console.${m.type()} ${m.text()}`));
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) note(`navigated ${path(f.url())}`);
  });
  return {
    async explain(error: unknown): Promise<never> {
      const text = await page
        .locator('body')
        .innerText({ timeout: 2000 })
        .then((all) => all.replace(/\s*\n\s*/g, ' | ').slice(0, 1500))
        .catch(() => '(no text)');
      const record = lines.slice(-80).join('\n');
      const cause = error instanceof Error ? error.message : String(error);
      throw new Error(
        `${cause}\n--- at ${page.url()}, the page says:\n${text}\n--- what it did:\n${record}`,
        { cause: error },
      );
    },
  };
}
