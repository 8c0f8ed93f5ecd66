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
  outboxLink,
  screenshot,
  startServer,
  trackRequests,
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

    // Only a proven address is granted (docs/operator-console.md): the operator follows the
    // link of the sign-up's verification mail first.
    const verify = await outboxLink(server, operator.email, `${server.url}/oidc/verify?token=`);
    await page.goto(verify);
    // Opening the link only asks (mail scanners open links too); the button confirms.
    await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
    await page.getByText('Danke! Deine E-Mail-Adresse ist jetzt bestätigt.').waitFor();

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
      .poll(() => dialog.getByLabel(/^Icon \(hochgeladen/).inputValue(), { timeout: 15_000 })
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

describe('the device plays its first match', () => {
  it('prints the sign: the PNG carries the device code, the PDF is a PDF', async () => {
    const page = console_;
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `QR-Schild von ${DEVICE.name} als PNG` }).click(),
    ]);
    const image = await savedFile(png);
    const meta = await sharp(image).metadata();
    // A6 (105 × 148 mm) at print resolution, upright.
    expect(meta.format).toBe('png');
    expect(meta.height / meta.width).toBeCloseTo(148 / 105, 1);
    const codes = await decodeQrCodes(image);
    expect(codes).toHaveLength(1);
    deviceCode = codes[0]!;
    expect(deviceCode).toContain(`${ARCADE.id};${DEVICE.id}`);

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `QR-Schild von ${DEVICE.name} als PDF` }).click(),
    ]);
    expect((await savedFile(pdf)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  });

  it('a player scans the printed code with the phone camera and the device reports the match', async () => {
    const video = await writeQrY4m(deviceCode, path.join(media, 'sign.y4m'), { size: 200 });
    phone = await launchBrowser({ fakeCamera: video });
    const opened = await openPage(phone, server.url, { viewport: MOBILE });
    playerPage = opened.page;
    player = await registerPlayer(playerPage, 'venue-player');

    const client = new DeviceClient({
      url: server.url,
      arcade: ARCADE.id,
      device: DEVICE.id,
      key: deviceKey,
    });
    await client.heartbeat();
    await playerPage.goto('/play');
    await playerPage.getByRole('button', { name: 'Kamerazugriff erlauben' }).click();
    await playerPage.getByRole('button', { name: 'Scannen starten' }).click();
    await expect
      .poll(() => playerPage.getByText('Du spielst auf:').count(), { timeout: 30_000 })
      .toBe(1);
    await expect(playerPage.getByTestId('playing-device').textContent()).resolves.toBe(DEVICE.id);

    // The console sees who is on the device now.
    await console_.reload();
    await expect
      .poll(() => console_.getByText(player.nickname).count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await screenshot(console_, 'venue-device-player-on');

    match = await runMatch(client, {
      type: 'deathmatch',
      minPlayers: 1,
      matchSeconds: 1,
      fillTo: 4,
      mapIds: [MAP.id],
    });
    expect(match.created).toBe(true);
    const mine = match.report.players.find((p) => p.userId === player.id)!;
    expect(mine).toBeDefined();

    await playerPage.goto(`/profile/${player.id}/statistics`);
    await expect.poll(() => tile(playerPage, 'Spiele'), { timeout: 15_000 }).toBe('1');
    await expect(tile(playerPage, 'Kills')).resolves.toBe(String(mine.kills));
    await screenshot(playerPage, 'venue-player-statistics');
    expect(opened.errors).toEqual([]);
  });

  it('the game shows in the console; voided, it leaves the player’s statistics', async () => {
    const page = console_;
    await openSection(page, /^Spiele$/);
    const game = page.getByRole('link', { name: new RegExp(MAP.name) });
    await expect.poll(() => game.count(), { timeout: 15_000 }).toBe(1);
    await expectAccessible(page, 'console: games of the day');
    await screenshot(page, 'venue-games');
    await game.click();
    await expect
      .poll(() => page.getByRole('rowheader', { name: player.nickname }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await expectAccessible(page, 'console: one game');
    await screenshot(page, 'venue-game');

    // On a phone the scoreboard is wider than the screen: its box says so (a fade and an arrow
    // on the right) and a keyboard reaches it and scrolls it.
    await page.setViewportSize(MOBILE);
    const board = page.getByRole('region', { name: 'Ergebnisse der Spieler' });
    await board.waitFor();
    expect(await page.locator('[data-scroll-hint="after"]').isVisible()).toBe(true);
    expect(await page.locator('[data-scroll-hint="before"]').count()).toBe(0);
    await board.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => board.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
    await page.locator('[data-scroll-hint="before"]').waitFor();
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    await expectAccessible(page, 'console: one game (360 px)');
    await screenshot(page, 'venue-game-phone');
    await page.setViewportSize(TABLET);

    await page.getByRole('button', { name: 'Annullieren' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Grund/).fill('Testrunde vor der Eröffnung');
    await expectAccessible(page, 'console: void dialog');
    await dialog.getByRole('button', { name: 'Annullieren' }).click();
    await expect.poll(() => page.getByText(/^Annulliert am/).count(), { timeout: 15_000 }).toBe(1);
    await screenshot(page, 'venue-game-voided');

    // The player's statistics go back: the only game no longer counts.
    await playerPage.goto(`/profile/${player.id}/games`);
    await playerPage.goto(`/profile/${player.id}/statistics`);
    await expect
      .poll(async () => (await tile(playerPage, 'Spiele').catch(() => null)) ?? '0', {
        timeout: 15_000,
      })
      .toBe('0');
    await screenshot(playerPage, 'venue-player-statistics-after-void');
  });
});

describe('news for the players', () => {
  it('an article with a header image, written in the console, shows on /home in German and English', async () => {
    const page = console_;
    await openSection(page, /^News$/);
    await page
      .getByRole('link', { name: 'Neuer Artikel' })
      .or(page.getByRole('button', { name: 'Neuer Artikel' }))
      .first()
      .click();
    await page.getByLabel(/^Kurzname/).fill('eroeffnung-hamburg');
    const header = path.join(media, 'header.jpg');
    await sharp({
      create: { width: 1600, height: 900, channels: 3, background: { r: 255, g: 0, b: 160 } },
    })
      .jpeg()
      .toFile(header);
    await page.getByLabel('Bild hochladen').setInputFiles(header);
    await expect
      .poll(() => page.getByRole('img', { name: 'Titelbild des Artikels' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await page.getByLabel('Titel (Deutsch)').fill('Neon Arena Hamburg eröffnet');
    await page.getByLabel('Kurztext (Deutsch)').fill('Ab heute wird in Hamburg gespielt.');
    await page
      .getByLabel('Text in Markdown (Deutsch)')
      .fill('## Willkommen\n\nDie **erste Runde** ist gespielt.');
    await page.getByRole('tab', { name: 'Englisch' }).click();
    await page.getByLabel('Englische Fassung').check();
    await page.getByLabel('Titel (Englisch)').fill('Neon Arena Hamburg opens');
    await page.getByLabel('Kurztext (Englisch)').fill('Play in Hamburg from today.');
    await page
      .getByLabel('Text in Markdown (Englisch)')
      .fill('## Welcome\n\nThe **first round** is played.');
    await page.getByRole('tab', { name: 'Vorschau' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Willkommen' }).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expectAccessible(page, 'console: news preview');
    await screenshot(page, 'venue-news-preview');
    // A new article is published in one step (saved and published in one call), then the
    // editor moves on to the article's page.
    await page.getByRole('button', { name: 'Veröffentlichen', exact: true }).click();
    await page.waitForURL(/\/admin\/news\/(?!new\b)[^/?]+/, { timeout: 15_000 });
    await expect
      .poll(() => page.getByText(/ist veröffentlicht/).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);

    // The players' home, in German, then in English.
    await playerPage.goto('/home');
    await expect
      .poll(() => playerPage.getByText('Neon Arena Hamburg eröffnet').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    const image = playerPage.locator('img[src*="/api/assets/"]').first();
    await expect(image.getAttribute('src')).resolves.toContain('fm=jpg&fl=progressive&q=50&w=1000');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1000);
    await expectAccessible(playerPage, 'home with the new article');
    await screenshot(playerPage, 'venue-home-de');
    await playerPage.evaluate(() => localStorage.setItem('language', 'en'));
    await playerPage.goto('/home');
    await expect
      .poll(() => playerPage.getByText('Neon Arena Hamburg opens').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await screenshot(playerPage, 'venue-home-en');
    await playerPage
      .getByRole('link', { name: /^Read more/ })
      .first()
      .click();
    await expect
      .poll(() => playerPage.getByRole('heading', { name: 'Welcome' }).count(), { timeout: 15_000 })
      .toBe(1);
    await screenshot(playerPage, 'venue-article-en');
  });
});

describe('the console at desktop size', () => {
  it('every section opens, passes axe and is photographed at 1280 px', async () => {
    await console_.setViewportSize(DESKTOP);
    const requests = trackRequests(console_);
    for (const name of [
      'Spielhallen',
      'Geräte',
      'Spiele',
      'Katalog',
      'News',
      'Spieler',
      'Nutzerkarten',
      'Besuche',
      'Protokoll',
      'Rollen',
    ]) {
      await openSection(console_, new RegExp(`^${name}$`));
      await expect
        .poll(() => console_.getByRole('heading', { level: 2 }).count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await requests.settled();
      await expectAccessible(console_, `console: ${name} (desktop)`);
      await screenshot(console_, `venue-desktop-${name.toLowerCase()}`);
    }
    expect(errors).toEqual([]);
  });
});
