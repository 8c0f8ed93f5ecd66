/**
 * Trends on the statistics tab in Chromium against the real server: a registered player joins a
 * device (the `?deviceId=` link) before each of three games the device simulator's client reports
 * (two a fortnight ago, one now); the statistics tab draws the charts (uPlot, loaded with the
 * tab), each with its title and a table of the numbers, at 360 px without sideways scrolling;
 * checked with axe and photographed.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceClient } from '../tools/device-sim/src/index';
import { createArcadeDevice, type CreatedDevice } from './fixtures/arcade';
import { registerPlayer, type RegisteredPlayer } from './fixtures/players';
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
let device: CreatedDevice;
let client: DeviceClient;

beforeAll(async () => {
  server = await startServer();
  device = await createArcadeDevice(server, 'e2e-trends', 'E2E Trends');
  client = new DeviceClient({
    url: server.url,
    arcade: device.arcade,
    device: device.id,
    key: device.key,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Monday 00:00 UTC of the week `weeksAgo` weeks before this one, plus `hours`. */
function inWeek(weeksAgo: number, hours: number): Date {
  const now = new Date();
  const monday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const daysSinceMonday = (now.getUTCDay() + 6) % 7;
  return new Date(monday - (daysSinceMonday + 7 * weeksAgo) * 86_400_000 + hours * 3_600_000);
}
const day = (date: Date) =>
  new Intl.DateTimeFormat('de', {
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
    timeZone: 'UTC',
  }).format(date);

/** The player joins the device with the link, then the device reports a game with them. */
async function play(page: Page, player: RegisteredPlayer, playedAt: Date, score: number) {
  await client.heartbeat();
  await page.goto(`/play?deviceId=${device.arcade};${device.id}`);
  await expect.poll(() => page.getByText('Du spielst auf:').count(), { timeout: 15_000 }).toBe(1);
  const [map] = await client.maps();
  const { created } = await client.report({
    idempotencyKey: `trends-${playedAt.getTime()}-${score}`,
    type: 'elimination',
    mapId: map!.id,
    durationSeconds: 300,
    playedAt: playedAt.toISOString(),
    teams: [
      { id: 1, name: 'Rot', score: 3 },
      { id: 2, name: 'Blau', score: 1 },
    ],
    players: [
      { userId: player.id, teamId: 1, score, kills: 4, deaths: 2 },
      { guestName: 'Gast', teamId: 2, score: 5, kills: 2, deaths: 4 },
    ],
  });
  expect(created).toBe(true);
}

/** The rows of the table under a chart's title, as cell texts. */
const tableOf = (page: Page, title: string) =>
  page
    .getByRole('heading', { name: title, exact: true })
    .locator('xpath=..')
    .locator('table tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent)),
    );

describe('trends on the statistics tab', () => {
  it('charts and their tables at 360 px, accessible', async () => {
    const { page, context, errors } = await openPage(browser, server.url, { viewport: MOBILE });
    const player = await registerPlayer(page, 'trends');
    const early = inWeek(2, 10);
    await play(page, player, early, 20);
    await play(page, player, new Date(early.getTime() + 86_400_000), 40);
    await play(page, player, new Date(Date.now() - 60_000), 50);

    // The profile's own reads start with the HTML (early calls, first-paint.ts) and the app takes
    // their answers: the details and the own profile are each asked for once.
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) asked.push(pathname);
    });
    await page.goto(`/profile/${player.id}/statistics`);
    const games = page.getByRole('heading', { name: 'Spiele pro Woche' });
    await games.waitFor({ timeout: 15_000 });
    expect(asked.filter((path) => path === `/api/user/${player.id}/details`)).toHaveLength(1);
    expect(asked.filter((path) => path === '/api/v2/user/me')).toHaveLength(1);
    expect(
      await page.evaluate(() =>
        Object.keys((window as { arcadiaEarlyCalls?: object }).arcadiaEarlyCalls ?? { none: 1 }),
      ),
    ).toEqual([]);
    // A chart is drawn once it comes near the screen: the last one, far below, waits.
    const places = page.getByTestId('trend-chart-place');
    await expect.poll(() => places.count(), { timeout: 15_000 }).toBe(4);
    const last = places.last();
    expect(
      await last.evaluate((el) => el.getBoundingClientRect().top - window.innerHeight),
    ).toBeGreaterThan(400);
    expect(await last.locator('canvas').count()).toBe(0);
    // Scrolled to, uPlot draws each of the four charts on a canvas.
    for (let i = 0; i < 4; i += 1) await places.nth(i).scrollIntoViewIfNeeded();
    await expect
      .poll(() => page.locator('.trend-chart canvas').count(), { timeout: 15_000 })
      .toBe(4);
    await page.getByRole('group').filter({ hasText: 'Als Tabelle' }).first().click();
    expect(await tableOf(page, 'Spiele pro Woche')).toEqual([
      ['Woche ab', player.nickname],
      [day(inWeek(2, 0)), '2'],
      [day(inWeek(0, 0)), '1'],
    ]);
    expect(await tableOf(page, 'Punkte pro Spiel, je Woche')).toEqual([
      ['Woche ab', player.nickname],
      [day(inWeek(2, 0)), '30'],
      [day(inWeek(0, 0)), '50'],
    ]);
    const rating = await tableOf(page, 'Spielstärke nach jedem Spiel (Eliminierung)');
    expect(rating).toHaveLength(4);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      MOBILE.width,
    );
    await expectAccessible(page, 'statistics tab with trends');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'trends-statistics');
    expect(errors).toEqual([]);
    await context.close();
  });
});
