/**
 * Scanning user cards in Chromium with a fake camera (a y4m video of the card's QR code) against
 * the real server: a signed-in player links a printed card by scanning it and lands on that
 * profile; file mode decodes a PNG and refuses anything that is not an image; a denied camera
 * permission shows 'Permission denied in browser' and the permission button again; a registered
 * player meets another by scanning their card on /visit and adds them as a friend; the device
 * scanner never takes a code outside its box.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCard, type PrintedCard } from './fixtures/arcade';
import { registerPlayer } from './fixtures/players';
import { fakeCameraArgs, writeQrPng, writeQrY4m } from './fixtures/qr-camera';
import {
  CHROMIUM_PATH,
  DESKTOP,
  HEADLESS_ARGS,
  MOBILE,
  expectAccessible,
  launchBrowser,
  newAccount,
  openPage,
  screenshot,
  signUp,
  startServer,
  type E2eServer,
} from './support';

let server: E2eServer;
let media: string;
const browsers: Browser[] = [];

beforeAll(async () => {
  server = await startServer();
  media = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-scanner-e2e-'));
});

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => undefined);
  await server?.close();
  if (media) fs.rmSync(media, { recursive: true, force: true });
});

/** A Chromium whose camera shows the card's QR code. */
async function browserWithCard(card: PrintedCard, grant = true): Promise<Browser> {
  const video = await writeQrY4m(card.url, path.join(media, `card-${card.id}.y4m`));
  const browser = grant
    ? await launchBrowser({ fakeCamera: video })
    : await chromium.launch({
        executablePath: CHROMIUM_PATH,
        args: [...HEADLESS_ARGS, ...fakeCameraArgs(video, { grant: false })],
      });
  browsers.push(browser);
  return browser;
}

/** The scanner's camera mode: ask for the camera, then start scanning. */
async function startCamera(page: Page, language: 'de' | 'en') {
  const texts =
    language === 'de'
      ? { ask: 'Kamerazugriff erlauben', start: 'Scannen starten' }
      : { ask: 'Request Camera Permissions', start: 'Start Scanning' };
  await page.getByRole('button', { name: texts.ask }).click();
  await page.getByRole('button', { name: texts.start }).click();
}

describe('user cards', () => {
  it('a signed-in player links a card by scanning it and lands on that profile', async () => {
    const card = await createCard(server, 'cardholder');
    const browser = await browserWithCard(card);
    const { page, context, errors } = await openPage(browser, server.url, { viewport: MOBILE });
    await signUp(page, newAccount('link'));
    await page.goto('/login/link');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Bestehenden Account verknüpfen');
    await expect(
      page.getByRole('link', { name: 'Zurück zur Registrierung' }).count(),
    ).resolves.toBe(1);
    await expectAccessible(page, '/login/link');
    await screenshot(page, 'scanner-link-card');

    await startCamera(page, 'de');
    await page.waitForURL(`**/profile/${card.id}`, { timeout: 30_000 });
    // The card's profile was made at the venue: its player accepts the terms now, once.
    await page.getByRole('dialog', { name: 'Unsere AGB' }).waitFor();
    await page.getByRole('button', { name: 'Zustimmen' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
      .toBe('cardholder');
    // The app knows the player is registered now: /play opens instead of the registration.
    await page.getByRole('link', { name: 'Spielen' }).click();
    await page.waitForURL('**/play');
    // The play page is lazy: its heading follows the URL.
    await expect
      .poll(() => page.getByRole('heading', { name: 'Spielen' }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(page.url()).toMatch(/\/play$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('file mode decodes a PNG of a card; anything that is not an image is refused', async () => {
    const card = await createCard(server, 'filecard');
    const png = await writeQrPng(card.url, path.join(media, 'card.png'));
    const text = path.join(media, 'notes.txt');
    fs.writeFileSync(text, 'not an image');
    const browser = await launchBrowser();
    browsers.push(browser);
    const { page, context, errors } = await openPage(browser, server.url, { locale: 'en-US' });
    await signUp(page, newAccount('file'));
    await page.goto('/login/link');
    await page.getByRole('button', { name: 'Scan an Image File' }).click();
    const input = page.locator('input[type="file"]');

    await input.setInputFiles(text);
    // The scanner's header warning says it, once; the drop hint stays a hint.
    await expect
      .poll(() => page.getByText('This file is not an image', { exact: false }).count())
      .toBe(1);
    await expect(
      page.getByRole('status').getByText('This file is not an image', { exact: false }).count(),
    ).resolves.toBe(1);
    expect(page.url()).toMatch(/\/login\/link$/);
    await expectAccessible(page, '/login/link file mode');
    await screenshot(page, 'scanner-file-refused');

    await input.setInputFiles(png);
    await page.waitForURL(`**/profile/${card.id}`, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
      .toBe('filecard');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a denied camera shows "Permission denied in browser" and the permission button again', async () => {
    const card = await createCard(server, 'nocamera');
    const browser = await browserWithCard(card, false);
    const { page, context, errors } = await openPage(browser, server.url, { locale: 'en-US' });
    await signUp(page, newAccount('deny'));
    await context.clearPermissions(); // the camera is not granted: the request is denied
    await page.goto('/login/link');
    const ask = page.getByRole('button', { name: 'Request Camera Permissions' });
    await ask.click();
    await expect
      .poll(() => page.getByText('Permission denied in browser').count(), { timeout: 15_000 })
      .toBe(1);
    await expect(ask.isEnabled()).resolves.toBe(true);
    await page.mouse.move(0, 0); // axe checks the page at rest, not the button under the pointer
    await expectAccessible(page, '/login/link permission denied');
    await screenshot(page, 'scanner-permission-denied');
    expect(page.url()).toMatch(/\/login\/link$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the scan box', () => {
  it('the device scanner takes only what is inside its box, from the first frame on', async () => {
    // A device code in the top left corner of the picture, far outside the centred 250 px box.
    const video = await writeQrY4m(
      'deviceId=e2e-arcade;corner-device',
      path.join(media, 'corner.y4m'),
      { size: 150, at: { x: 8, y: 8 } },
    );
    const browser = await launchBrowser({ fakeCamera: video });
    browsers.push(browser);
    const { page, context, errors } = await openPage(browser, server.url, { viewport: DESKTOP });
    await registerPlayer(page, 'box');
    await page.goto('/play');
    await startCamera(page, 'de');
    await page.getByTestId('scan-box').waitFor();
    await expect
      .poll(() => page.locator('section[data-phase]').getAttribute('data-phase'), {
        timeout: 15_000,
      })
      .toBe('scanning');
    // Three seconds of frames (30 at 10 fps, the first ones included): nothing is taken.
    await page.waitForTimeout(3000);
    await expect(page.getByText('Code erkannt').count()).resolves.toBe(0);
    await expect(page.getByText('Du spielst auf:').count()).resolves.toBe(0);
    await screenshot(page, 'scanner-box-corner-code');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('meeting players', () => {
  it('a registered player meets another by scanning their card, then adds them as a friend', async () => {
    const card = await createCard(server, 'visitee');
    const browser = await browserWithCard(card);
    const { page, context, errors } = await openPage(browser, server.url, { viewport: MOBILE });
    await registerPlayer(page, 'meet');
    await page.goto('/visit');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Spieler treffen');
    await expect.poll(() => page.getByText('Du hast noch niemanden getroffen').count()).toBe(1);
    await expectAccessible(page, '/visit');
    await screenshot(page, 'visit-empty');

    await startCamera(page, 'de');
    await page.waitForURL(`**/profile/${card.id}`, { timeout: 30_000 });
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
      .toBe('visitee');
    await page.getByRole('button', { name: 'Add Friend' }).click();
    await expect.poll(() => page.getByText('Friend added').count()).toBeGreaterThanOrEqual(1);

    await page.goto('/visit');
    const met = page.getByRole('listitem').filter({ hasText: 'visitee' });
    await expect.poll(() => met.count(), { timeout: 15_000 }).toBe(1);
    await expect(met.getByRole('link', { name: 'visitee' }).getAttribute('href')).resolves.toBe(
      `/profile/${card.id}`,
    );
    await expect.poll(() => met.getByText('Freund').count()).toBe(1);
    await expectAccessible(page, '/visit with a meeting');
    await screenshot(page, 'visit-met');
    expect(errors).toEqual([]);
    await context.close();
  });
});
