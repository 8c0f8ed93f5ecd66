import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/app';

/**
 * `/home` asks the API for the news list in process, to put its preload into the page. That
 * call is the page's client's, within its rate limit: asked as 127.0.0.1, every visitor's page
 * views shared one budget (a busy hour dropped the preloads for everyone) and no visitor's
 * views were counted at all.
 */
describe("a page's data hints are asked for as the page's client", () => {
  const MAX = 3;
  const NEWS = '<link rel="preload" as="fetch" crossorigin href="/api/news?locale=de">';
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-hints-'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><title>Arcadia</title></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({
      env: { WEB_DIST: webDist, RATE_LIMIT_MAX: String(MAX), TRUST_PROXY: 'true' },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });

  const as = (client: string) => ({ 'x-forwarded-for': client, 'accept-language': 'de' });
  const home = async (client: string) =>
    (await fetch(`${t.url}/home`, { headers: as(client) })).text();

  it("counts within that client's limit, not in one shared by every visitor", async () => {
    for (let i = 0; i < MAX; i++) expect(await home('203.0.113.1')).toContain(NEWS);
    // The client's own budget is spent by its page views: the API refuses it, and its next page
    // comes without the hint (the page itself is served).
    expect((await fetch(`${t.url}/api/news`, { headers: as('203.0.113.1') })).status).toBe(429);
    const limited = await home('203.0.113.1');
    expect(limited).toContain('<div id="root">');
    expect(limited).not.toContain(NEWS);
    // Another visitor is not held up by the first one's views.
    expect(await home('203.0.113.2')).toContain(NEWS);
    expect((await fetch(`${t.url}/api/news`, { headers: as('203.0.113.2') })).status).toBe(200);
  });
});
