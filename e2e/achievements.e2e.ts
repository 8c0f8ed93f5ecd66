/**
 * Achievements in Chromium against the real server (docs/achievements.md): a registered player
 * joins a device (the `?deviceId=` link) and the device simulator's client reports a match they
 * win without a death; the bell lists the unlocks (first game, first win, flawless) beside the
 * result, in German; its link opens the profile's achievements, where the badges stand beside the
 * name and the locked ones show their progress; at 320 px without sideways scrolling; checked
 * with axe and photographed.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceClient } from '../tools/device-sim/src/index';
import { createArcadeDevice, type CreatedDevice } from './fixtures/arcade';
import { registerPlayer } from './fixtures/players';
import {
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
  device = await createArcadeDevice(server, 'e2e-achievements', 'E2E Achievements');
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

describe('achievements', () => {
  it('a simulated match unlocks them: the bell tells, the profile shows them', async () => {
    const { page, context, errors } = await openPage(browser, server.url, {
      viewport: { width: 320, height: 720 },
    });
    const player = await registerPlayer(page, 'achieve');

    // The player joins the device with its link; the device reports the match they won.
    await client.heartbeat();
    await page.goto(`/play?deviceId=${device.arcade};${device.id}`);
    await expect.poll(() => page.getByText('Du spielst auf:').count(), { timeout: 15_000 }).toBe(1);
    const [map] = await client.maps();
    const { created } = await client.report({
      idempotencyKey: `achievements-${Date.now()}`,
      type: 'elimination',
      mapId: map!.id,
      durationSeconds: 300,
      teams: [
        { id: 1, name: 'Rot', score: 3 },
        { id: 2, name: 'Blau', score: 1 },
      ],
      players: [
        { userId: player.id, teamId: 1, score: 900, kills: 6, deaths: 0 },
        { guestName: 'Gast', teamId: 2, score: 100, kills: 0, deaths: 6 },
      ],
    });
    expect(created).toBe(true);

    // The bell counts the result and the three unlocks (live, without a reload).
    const bell = page.getByRole('button', { name: 'Benachrichtigungen, 4 ungelesen' });
    await expect.poll(() => bell.count(), { timeout: 15_000 }).toBe(1);
    await bell.click();
    const list = page.getByRole('list', { name: 'Benachrichtigungen' });
    await list.waitFor({ timeout: 10_000 });
    const titles = await list.getByRole('link').allTextContents();
    for (const title of [
      'Erfolg freigeschaltet: Erstes Spiel',
      'Erfolg freigeschaltet: Erster Sieg',
      'Erfolg freigeschaltet: Makellos',
      'Dein Spielergebnis ist da',
    ])
      expect(
        titles.some((t) => t.includes(title)),
        title,
      ).toBe(true);
    // On the narrow screen the panel keeps 12 px off both edges (it touched the left one).
    const margins = await list.evaluate((el) => {
      const panel = el.closest('[role="dialog"]')!.getBoundingClientRect();
      return { left: panel.left, right: document.documentElement.clientWidth - panel.right };
    });
    expect(margins.left, 'left margin').toBeGreaterThanOrEqual(11.5);
    expect(margins.right, 'right margin').toBeGreaterThanOrEqual(11.5);
    await expectAccessible(page, 'the bell with the unlocks');
    await screenshot(page, 'achievements-bell');

    // Its link opens the profile at the achievements, unfolded.
    await list.getByRole('link').filter({ hasText: 'Erstes Spiel' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/profile/${player.id}`);
    const section = page.getByRole('region', { name: 'Erfolge' });
    await section.waitFor({ timeout: 15_000 });
    await expect.poll(() => section.locator('details').getAttribute('open')).not.toBeNull();
    // The badges beside the name (newest first; the three came with one game).
    await expect
      .poll(() => page.locator('[data-testid^="achievement-badge-"]').count(), { timeout: 15_000 })
      .toBe(3);
    // Of the catalogue's 10; this month's season badge is not earned yet, so none is counted beside.
    await expect(section.getByText('3 von 10', { exact: true }).count()).resolves.toBe(1);
    // A locked one with its progress: 1 of 10 games.
    const regular = section.getByTestId('achievement-games-10');
    await expect(regular.textContent()).resolves.toContain('Stammgast');
    await expect(regular.getByRole('progressbar').getAttribute('aria-valuetext')).resolves.toBe(
      '1 von 10',
    );
    // Nothing scrolls sideways at 320 px.
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).resolves.toBeLessThanOrEqual(0);
    await expectAccessible(page, 'the profile with achievements');
    await screenshot(page, 'achievements-profile');

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
