/**
 * The whole arcade loop in Chromium against the real server: a registered player scans a
 * device's QR code with the fake camera and sees 'Du spielst auf:'; 'Stop Playing' and the
 * `?deviceId=` link work; after a reload the current device is loaded again; the device
 * simulator runs a match with that player and reports it; the player's games tab, statistics
 * tab and the leaderboard show it; the play page follows the match without a reload (live
 * channel). Each page is checked with axe and photographed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceClient, runMatch, type MatchResult } from '../tools/device-sim/src/index';
import { createArcadeDevice, type CreatedDevice } from './fixtures/arcade';
import { registerPlayer, type RegisteredPlayer } from './fixtures/players';
import { writeQrY4m } from './fixtures/qr-camera';
import {
  MOBILE,
  expectAccessible,
  launchBrowser,
  newAccount,
  openPage,
  screenshot,
  SCREENSHOT_DIR,
  signUp,
  startServer,
  type E2eServer,
} from './support';

let server: E2eServer;
let browser: Browser;
let media: string;
let device: CreatedDevice;
let client: DeviceClient;

beforeAll(async () => {
  server = await startServer();
  media = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-play-e2e-'));
  device = await createArcadeDevice(server, 'e2e-arena', 'E2E Arena');
  client = new DeviceClient({
    url: server.url,
    arcade: device.arcade,
    device: device.id,
    key: device.key,
  });
  await client.heartbeat(); // online: players can join
  // Size 200: the code sits inside the device scanner's 250 px box.
  const video = await writeQrY4m(device.code, path.join(media, 'device.y4m'), { size: 200 });
  browser = await launchBrowser({ fakeCamera: video });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (media) fs.rmSync(media, { recursive: true, force: true });
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();
/** The value of a statistics tile (a dt label and its dd). */
const tile = (page: Page, label: string) =>
  page
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .last()
    .locator('dd')
    .textContent();

describe('playing on a device', () => {
  it('scan, play, result: the games tab, statistics and leaderboard show the match', async () => {
    const { page, context, errors } = await openPage(browser, server.url, { viewport: MOBILE });
    const player: RegisteredPlayer = await registerPlayer(page, 'play');

    // /play: the device scanner.
    await page.goto('/play');
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Spielen');
    await expectAccessible(page, '/play');
    await screenshot(page, 'play-scanner');
    // The device is online (a heartbeat within 60 s), however long the sign-up took.
    await client.heartbeat();
    await page.getByRole('button', { name: 'Kamerazugriff erlauben' }).click();
    await page.getByRole('button', { name: 'Scannen starten' }).click();

    // The device's code is read: the player is on the device.
    await expect.poll(() => page.getByText('Du spielst auf:').count(), { timeout: 30_000 }).toBe(1);
    await expect(page.getByTestId('playing-device').textContent()).resolves.toBe(device.id);
    await expect(page.getByRole('button', { name: 'Stop Playing' }).isEnabled()).resolves.toBe(
      true,
    );
    await expectAccessible(page, '/play while playing');
    await screenshot(page, 'play-playing');

    // 'Stop Playing' takes the player off; the scanner is back.
    await page.getByRole('button', { name: 'Stop Playing' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Scannen starten' }).count()).toBe(1);
    expect((await client.players()).players).toEqual([]);

    // A link with ?deviceId=arcade;id plays on that device without scanning.
    await client.heartbeat();
    await page.goto(`/play?deviceId=${device.arcade};${device.id}`);
    await expect.poll(() => page.getByText('Du spielst auf:').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => new URL(page.url()).search).toBe('');

    // After a reload, the current device comes from the server (loaded after the profile).
    await page.reload();
    await expect.poll(() => page.getByText('Du spielst auf:').count(), { timeout: 15_000 }).toBe(1);
    await expect(page.getByTestId('playing-device').textContent()).resolves.toBe(device.id);
    const roster = await client.players();
    expect(roster.players.map((p) => p.userId)).toEqual([player.id]);

    // The device runs a match with the player (and guests) and reports it.
    const match: MatchResult = await runMatch(client, {
      type: 'deathmatch',
      minPlayers: 1,
      matchSeconds: 1,
      fillTo: 6,
    });
    expect(match.created).toBe(true);
    const mine = match.report.players.find((p) => p.userId === player.id)!;
    expect(mine).toBeDefined();

    // Without a reload, /play follows the live channel: the match is over, with a link to the
    // result, and the bell counts the new result (with the achievements it unlocked: the first
    // game, and the first win or more depending on the simulated match; docs/achievements.md).
    await expect.poll(() => page.getByText('Match vorbei!').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByRole('button', { name: 'Stop Playing' }).count()).toBe(0);
    const bell = page.getByRole('button', { name: /^Benachrichtigungen, [2-9] ungelesen$/ });
    await expect.poll(() => bell.count(), { timeout: 10_000 }).toBe(1);
    await expectAccessible(page, '/play after the match');
    await screenshot(page, 'play-match-over');
    await page.getByRole('link', { name: 'Zum Ergebnis' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/game\/[0-9a-f-]{36}$/);
    // the match page, with the player's row
    await expect
      .poll(() => page.getByRole('rowheader', { name: player.nickname }).count(), {
        timeout: 15_000,
      })
      .toBe(1);

    // The games tab: the match, with the player's score, kills and deaths.
    await page.goto(`/profile/${player.id}/games`);
    const cards = page.locator('h2 button[aria-expanded]');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(1);
    const card = (await cards.first().textContent()) ?? '';
    const german = new Intl.NumberFormat('de-DE'); // 1623 shows as 1.623
    expect(card).toContain(german.format(mine.score));
    expect(card).toContain(german.format(mine.kills));
    expect(card).toContain(german.format(mine.deaths));
    await cards.first().click(); // the scoreboard opens
    await expect.poll(() => page.getByText(player.nickname).count()).toBeGreaterThanOrEqual(1);
    await expectAccessible(page, 'games tab');
    await screenshot(page, 'play-games-tab');

    // The statistics tab: one game, the kills and deaths of it.
    await page.goto(`/profile/${player.id}/statistics`);
    await expect.poll(() => tile(page, 'Spiele'), { timeout: 15_000 }).toBe('1');
    await expect(tile(page, 'Kills')).resolves.toBe(String(mine.kills));
    await expect(tile(page, 'Deaths')).resolves.toBe(String(mine.deaths));
    await expectAccessible(page, 'statistics tab');
    await screenshot(page, 'play-statistics-tab');

    // The leaderboard (by score, all time): the player's own rank, with the match's score.
    await page.goto('/leaderboard');
    const own = page.locator('section[aria-labelledby="own-rank-title"]');
    await expect.poll(() => own.textContent(), { timeout: 15_000 }).toContain(player.nickname);
    const score = german.format(mine.score);
    await expect(own.textContent()).resolves.toContain(score);
    await expectAccessible(page, 'leaderboard');
    await screenshot(page, 'play-leaderboard');

    // This week's board of the arcade, where the player leads: at 360 px the own row keeps its
    // whole 'Du' badge, and a long name is cut before it (the badge was clipped at the cell).
    await page.goto(`/leaderboard?period=week&scope=arcade&arcade=${device.arcade}`);
    const ownRow = page.locator('tr[aria-current="true"]');
    await ownRow.getByRole('link', { name: player.nickname }).waitFor({ timeout: 15_000 });
    const cell = await ownRow.locator('td').nth(1).boundingBox();
    const badge = await ownRow.getByText('Du', { exact: true }).boundingBox();
    expect(badge!.width).toBeGreaterThan(0);
    expect(badge!.x + badge!.width).toBeLessThanOrEqual(cell!.x + cell!.width);
    // (the row alone: on the full page the fixed bottom bar covers it)
    await ownRow.screenshot({
      path: path.join(SCREENSHOT_DIR, 'play-leaderboard-own-row-360.png'),
    });

    expect(errors).toEqual([]);
    await context.close();
  });

  it('a new player who opens a device link signed out plays on it once registered', async () => {
    const { page, context, errors } = await openPage(browser, server.url, { viewport: MOBILE });
    // The device's link, signed out: to /login, which remembers it through sign-up and
    // registration (before, registration ended on the new profile and the device was forgotten).
    await page.goto(`/play?deviceId=${device.arcade};${device.id}`);
    await page.waitForURL(/\/login$/);
    await signUp(page, newAccount('scan'));
    await page.waitForURL(/\/login\/registration$/);
    await page.getByRole('checkbox', { name: /Ich akzeptiere/ }).check();
    await client.heartbeat();
    await page.getByRole('button', { name: 'Jetzt Registrieren!' }).click();
    await expect.poll(() => page.getByText('Du spielst auf:').count(), { timeout: 15_000 }).toBe(1);
    await expect(page.getByTestId('playing-device').textContent()).resolves.toBe(device.id);
    expect(new URL(page.url()).pathname).toBe('/play');
    expect(errors).toEqual([]);
    await context.close();
  });
});
