/**
 * A venue from an empty database to its first match, run from the operator console only (issue
 * 14): a server with SEED_DEMO=false; the first admin granted with `npm run admin -- admin grant`
 * beside it; in the console at tablet size an arcade, a map and a device; the device's QR sign
 * printed and read back; a player scans the sign with the phone camera and plays; the device
 * simulator reports the match; the game shows in the console and is voided, and the player's
 * statistics go back; a news article with a header image is published and shows on /home in
 * German and English. Every console page is checked with axe and photographed, at 768 px and
 * again at 1280 px.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Download, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceClient, runMatch, type MatchResult } from '../tools/device-sim/src/index';
import { grantAdminThroughCli } from './fixtures/operator';
import { registerPlayer, type RegisteredPlayer } from './fixtures/players';
import { decodeQrCodes } from './fixtures/qr-decode';
import { writeQrY4m } from './fixtures/qr-camera';
import {
  DESKTOP,
  MOBILE,
  expectAccessible,
  launchBrowser,
  openPage,
  screenshot,
  startServer,
  type E2eServer,
} from './support';

const TABLET = { width: 768, height: 1024 };
const ARCADE = { id: 'neon-hamburg', name: 'Neon Arena Hamburg', city: 'Hamburg' };
const DEVICE = { id: 'arena-1', name: 'Arena 1' };
const MAP = { id: 'hafen', name: 'Hafenbecken' };

let server: E2eServer;
let browser: Browser;
let phone: Browser | undefined;
let media: string;
let console_: Page;
let operator: RegisteredPlayer;
let player: RegisteredPlayer;
let playerPage: Page;
let deviceKey: string;
let deviceCode: string;
let match: MatchResult;
const errors: string[] = [];

beforeAll(async () => {
  server = await startServer({ seedDemo: false });
  media = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-venue-e2e-'));
  browser = await launchBrowser();
  const opened = await openPage(browser, server.url, { viewport: TABLET });
  console_ = opened.page;
  errors.push(...opened.errors);
  opened.page.on('pageerror', (e) => errors.push(e.message));
});

afterAll(async () => {
  await phone?.close();
  await browser?.close();
  await server?.close();
  if (media) fs.rmSync(media, { recursive: true, force: true });
});

const h2 = (page: Page) => page.getByRole('heading', { level: 2 }).first().textContent();
/** Opens a console section from its nav link (keeps the picked arcade). */
async function openSection(page: Page, name: RegExp) {
  await page
    .getByRole('navigation', { name: 'Bereiche der Konsole' })
    .getByRole('link', { name })
    .click();
}
async function savedFile(download: Download): Promise<Buffer> {
  const file = await download.path();
  return fs.readFileSync(file);
}
/** The value of a statistics tile (a dt label and its dd). */
const tile = (page: Page, label: string) =>
  page
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .last()
    .locator('dd')
    .textContent();

describe('a venue from an empty database to its first match', () => {
  it('the first admin is granted by the CLI beside the running server and opens the console', async () => {
    const page = console_;
    operator = await registerPlayer(page, 'venue-op');
    // Before the grant the console says no.
    await page.goto('/admin');
    await expect.poll(() => page.getByText(/Kein Zugang/).count(), { timeout: 15_000 }).toBe(1);

    const out = await grantAdminThroughCli(server, operator.email);
    expect(out).toContain('holds the database: asking it');
    expect(out).toContain('is admin');

    // The app's navigation (the menu, at tablet width) now offers the console.
    await page.goto('/home');
    await page.getByRole('button', { name: 'Menü' }).click();
    await page.getByRole('link', { name: 'Betreiberkonsole' }).click();
    await page.waitForURL(/\/admin/);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Betreiberkonsole' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await expectAccessible(page, 'console: first view');
    await screenshot(page, 'venue-console');
  });

  it('creates the arcade', async () => {
    const page = console_;
    await openSection(page, /^Spielhallen$/);
    await page
      .getByRole('link', { name: 'Neue Spielhalle' })
      .or(page.getByRole('button', { name: 'Neue Spielhalle' }))
      .first()
      .click();
    await page.getByLabel(/^Kennung/).fill(ARCADE.id);
    await page.getByLabel(/^Name/).fill(ARCADE.name);
    await page.getByLabel(/^Stadt/).fill(ARCADE.city);
    await page.getByLabel(/^Adresse/).fill('Reeperbahn 1, 20359 Hamburg');
    await expectAccessible(page, 'console: new arcade');
    await screenshot(page, 'venue-arcade-form');
    await page
      .getByRole('button', { name: /Speichern|Anlegen/ })
      .last()
      .click();
    await expect
      .poll(() => page.getByText(ARCADE.name).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expectAccessible(page, 'console: arcades');
    await screenshot(page, 'venue-arcades');
  });

  it('adds a map to the catalogue, with an uploaded icon', async () => {
    const page = console_;
    await openSection(page, /^Katalog$/);
    await page.getByRole('tab', { name: 'Karten' }).click();
    await expect
      .poll(() => page.getByText(/^Noch keine Karten/).count(), { timeout: 15_000 })
      .toBe(1);
    await page.getByRole('button', { name: 'Karte hinzufügen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^ID/).fill(MAP.id);
    await dialog.getByLabel(/^Name/).fill(MAP.name);
    const icon = path.join(media, 'hafen.png');
    await sharp({
      create: { width: 96, height: 96, channels: 3, background: { r: 0, g: 200, b: 255 } },
    })
      .png()
      .toFile(icon);
    await dialog.getByLabel('Bild hochladen').first().setInputFiles(icon);
    await expect
      .poll(() => dialog.getByLabel(/^Icon \(Pfad/).inputValue(), { timeout: 15_000 })
      .toMatch(/^\/api\/assets\/[0-9a-f-]{36}\/hafen\.png$/);
    await expectAccessible(page, 'console: new map');
    await screenshot(page, 'venue-map-form');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect
      .poll(() => page.getByRole('cell', { name: MAP.name }).count(), { timeout: 15_000 })
      .toBe(1);
    await expectAccessible(page, 'console: maps');
    await screenshot(page, 'venue-maps');
  });

  it('creates a device and sees its key once', async () => {
    const page = console_;
    await openSection(page, /^Geräte$/);
    await expect
      .poll(() => page.getByText('Diese Spielhalle hat noch keine Geräte.').count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await page.getByRole('button', { name: 'Neues Gerät' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Kennung/).fill(DEVICE.id);
    await dialog.getByLabel(/^Name/).fill(DEVICE.name);
    await dialog.getByRole('button', { name: 'Gerät anlegen' }).click();
    const key = page.locator('output#device-key');
    await expect.poll(() => key.textContent(), { timeout: 15_000 }).toMatch(/\S{20,}/);
    deviceKey = (await key.textContent())!.trim();
    await expectAccessible(page, 'console: device key');
    await screenshot(page, 'venue-device-key');
    await page.getByRole('button', { name: 'Fertig' }).click();
    await expect.poll(() => page.getByText(DEVICE.name).count()).toBeGreaterThan(0);

    // The device comes online with the key the console showed.
    const client = new DeviceClient({
      url: server.url,
      arcade: ARCADE.id,
      device: DEVICE.id,
      key: deviceKey,
    });
    await client.heartbeat();
    await page.reload();
    await expect
      .poll(() => page.getByText('Online').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await expectAccessible(page, 'console: devices');
    await screenshot(page, 'venue-devices');
  });
});
