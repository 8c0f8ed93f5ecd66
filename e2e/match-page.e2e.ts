/**
 * A match page in Chromium against the real server, signed out: a device reports a game with
 * guests; the HTML the server sends for `/game/{id}` carries the Open Graph and Twitter card tags
 * (crawlers run no script), escaped; the share image they name is a 1200×630 PNG and loads in the
 * page; the page shows the teams and players as tables at 360 px (headers apart, none cut),
 * passes axe, and its share button copies the link.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceClient } from '../tools/device-sim/src/index';
import { createArcadeDevice } from './fixtures/arcade';
import {
  MOBILE,
  expectAccessible,
  launchBrowser,
  openPage,
  screenshot,
  startServer,
  type E2eServer,
} from './support';

let server: E2eServer;
let browser: Browser;
let gameId: string;

beforeAll(async () => {
  server = await startServer();
  const device = await createArcadeDevice(server, 'e2e-match', 'Match Arena');
  const client = new DeviceClient({
    url: server.url,
    arcade: device.arcade,
    device: device.id,
    key: device.key,
  });
  await client.heartbeat();
  const { game } = await client.report({
    idempotencyKey: `e2e-match-${Date.now()}`,
    type: 'elimination',
    mapId: (await client.maps())[0]!.id,
    durationSeconds: 425,
    teams: [
      { id: 1, name: 'Rot', score: 3 },
      { id: 2, name: 'Blau', score: 1 },
    ],
    players: [
      { guestName: 'Pia "Ace" <3', teamId: 1, kills: 9, deaths: 1, score: 900 },
      { guestName: 'Lou', teamId: 2, kills: 1, deaths: 9, score: 100 },
    ],
  });
  gameId = game.id;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The `content` of a meta tag of the raw HTML. */
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/:/g, ':')}" content="([^"]*)"`).exec(
    html,
  )?.[1];

describe('match page', () => {
  it('the server sends the link preview tags in the HTML, and the image they name', async () => {
    const res = await fetch(`${server.url}/game/${gameId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(metaOf(html, 'og:title')).toMatch(/Rot 3 : Blau 1 · Arcadia$/);
    expect(metaOf(html, 'og:url')).toBe(`${server.url}/game/${gameId}`);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'og:description')).toContain('Rot 3 : Blau 1');
    const image = metaOf(html, 'og:image')!;
    expect(image).toBe(`${server.url}/api/matches/${gameId}/image.png`);
    const png = await fetch(image);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it('signed out at 360 px: the result, the players as tables, the image loads, share copies', async () => {
    const { page, context, errors } = await openPage(browser, server.url, {
      viewport: MOBILE,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await page.goto(`/game/${gameId}`);
    await expect(
      page.getByRole('heading', { level: 1 }).textContent({ timeout: 15_000 }),
    ).resolves.toBe('Eliminierung');
    await expect(page.getByText('Rot 3 : Blau 1').count()).resolves.toBe(1);
    await expect(page.getByRole('table').count()).resolves.toBe(2);
    await expect(page.getByRole('rowheader').allTextContents()).resolves.toEqual([
      'Pia "Ace" <3 (Gast)',
      'Lou (Gast)',
    ]);
    // The share image loads in the page (same origin, allowed by the CSP).
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, `/api/matches/${gameId}/image.png`);
    expect(size).toEqual([1200, 630]);
    // Nothing wider than the phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // The column headers (capitals) fit their columns and stand apart: the smallest gap between
    // the texts of neighbouring headers, and whether one is wider than its column.
    const headers = await page.evaluate(() =>
      [...document.querySelectorAll('thead tr')].map((row) => {
        const texts = [...row.children].map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          const box = range.getBoundingClientRect();
          return { left: box.left, right: box.right, cut: cell.scrollWidth > cell.clientWidth };
        });
        return {
          gap: Math.min(...texts.slice(1).map((t, i) => t.left - texts[i]!.right)),
          cut: texts.some((t) => t.cut),
        };
      }),
    );
    expect(headers).toHaveLength(2);
    for (const row of headers) {
      expect(row.cut).toBe(false);
      expect(row.gap).toBeGreaterThanOrEqual(8);
    }
    await expectAccessible(page, `/game/${gameId}`);
    await screenshot(page, 'match-page');

    await page.getByRole('button', { name: 'Teilen' }).click();
    await page.getByText('Link kopiert').waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
      `${server.url}/game/${gameId}`,
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
