/**
 * Claiming a guest's result in Chromium against the real server: a device reports a match with
 * guests and asks for their claim codes (as the simulator shows them); a registered player who
 * is signed out opens a code, signs in and comes back to it, sees the guest's result and takes
 * it; the match page names them and their games tab lists the match. Scanning the same code on
 * /play afterwards says that it has been used. A guest without an account signs up from a code
 * and is back at it once registered.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseClaimCode, type DeviceClaims } from '@arcadia/contracts';
import { DeviceClient, terminalClaims } from '../tools/device-sim/src/index';
import { createArcadeDevice } from './fixtures/arcade';
import { registerPlayer } from './fixtures/players';
import { writeQrPng } from './fixtures/qr-camera';
import {
  MOBILE,
  expectAccessible,
  launchBrowser,
  newAccount,
  openPage,
  screenshot,
  signIn,
  signUp,
  startServer,
  type E2eServer,
} from './support';

let server: E2eServer;
let browser: Browser;
let media: string;
let gameId: string;
let claims: DeviceClaims;

beforeAll(async () => {
  server = await startServer();
  media = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-claim-e2e-'));
  const device = await createArcadeDevice(server, 'e2e-claims', 'Claim Arena');
  const client = new DeviceClient({
    url: server.url,
    arcade: device.arcade,
    device: device.id,
    key: device.key,
  });
  await client.heartbeat();
  const { game } = await client.report({
    idempotencyKey: `e2e-claim-${Date.now()}`,
    type: 'freeforall',
    mapId: (await client.maps())[0]!.id,
    durationSeconds: 300,
    teams: [],
    players: [
      { guestName: 'Viper', kills: 8, deaths: 2, score: 1234 },
      { guestName: 'Falcon', kills: 2, deaths: 8, score: 321 },
    ],
  });
  gameId = game.id;
  claims = await client.claims(gameId);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (media) fs.rmSync(media, { recursive: true, force: true });
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

describe('claiming a guest result', () => {
  it('the device shows a code per guest; a player signs in, takes one, and it is theirs', async () => {
    // The simulator's screen: each guest with the URL its QR code carries.
    const shown = await terminalClaims(claims);
    expect(claims.claims.map((c) => c.name)).toEqual(['Viper', 'Falcon']);
    const viper = claims.claims[0]!;
    expect(shown).toContain(viper.url);
    expect(viper.url.startsWith(`${server.url}/claim/`)).toBe(true);
    const token = parseClaimCode(viper.url)!;

    // A registered player (signed up and registered in one browser, then gone).
    const first = await openPage(browser, server.url, { viewport: MOBILE });
    const player = await registerPlayer(first.page, 'claim');
    await first.context.close();

    // Signed out, the code asks to sign in first and comes back to it.
    const { page, context, errors } = await openPage(browser, server.url, { viewport: MOBILE });
    await page.goto(new URL(viper.url).pathname);
    await page.waitForURL('**/login', { timeout: 15_000 });
    await signIn(page, player);
    await page.waitForURL(`**/claim/${token}`, { timeout: 30_000 });
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Ergebnis übernehmen');
    await page.getByText('Viper').first().waitFor();
    await expect(page.getByText('1.234').count()).resolves.toBe(1); // in German: 1.234
    await expectAccessible(page, '/claim/{token}');
    await screenshot(page, 'claim-preview');

    await page.getByRole('button', { name: 'Ergebnis übernehmen' }).click();
    await page.waitForURL(`**/game/${gameId}`, { timeout: 15_000 });
    await page
      .getByText('Ergebnis übernommen – es steht jetzt in deinem Profil.')
      .first()
      .waitFor();
    // The match page names the player where the guest was; the other guest stays a guest.
    await page.getByRole('link', { name: player.nickname }).waitFor({ timeout: 15_000 });
    await expect(page.getByRole('rowheader').allTextContents()).resolves.toEqual([
      player.nickname,
      'Falcon (Gast)',
    ]);
    await screenshot(page, 'claim-match-page');

    // Their games tab lists the match, with the guest's result; its link opens the match page.
    await page.goto(`/profile/${player.id}/games`);
    const cards = page.locator('h2 button[aria-expanded]');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(1);
    await expect(cards.first().textContent()).resolves.toContain('1.234');
    await cards.first().click();
    await page.locator(`a[href="/game/${gameId}"]`).waitFor();

    // Scanned again on /play (an image of the QR code): the result is theirs already, the page
    // says so and links the match, with nothing to take.
    const png = await writeQrPng(viper.url, path.join(media, 'viper.png'));
    await page.goto('/play');
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Spielen');
    await page.getByRole('button', { name: 'Eine Bilddatei scannen' }).click();
    await page.locator('input[type="file"]').setInputFiles(png);
    await page.waitForURL(`**/claim/${token}`, { timeout: 30_000 });
    await page
      .getByText('Dieses Ergebnis gehört schon dir – es steht in deinem Profil.')
      .waitFor({ timeout: 15_000 });
    await expect(heading(page)).resolves.toBe('Dein Ergebnis');
    await expect(page.getByRole('button', { name: 'Ergebnis übernehmen' }).count()).resolves.toBe(
      0,
    );
    await expect(page.getByRole('link', { name: 'Zum Spiel' }).getAttribute('href')).resolves.toBe(
      `/game/${gameId}`,
    );
    await expectAccessible(page, '/claim/{token} yours');
    await screenshot(page, 'claim-yours');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a guest without an account signs up from the code, registers, and is back at it', async () => {
    const falcon = claims.claims[1]!;
    const token = parseClaimCode(falcon.url)!;
    const { page, context, errors } = await openPage(browser, server.url, { viewport: MOBILE });
    await page.goto(new URL(falcon.url).pathname);
    await page.waitForURL('**/login', { timeout: 15_000 });
    const account = newAccount('guest');
    await signUp(page, account);
    await page.waitForURL('**/login/registration', { timeout: 30_000 });
    await page.getByRole('checkbox', { name: /Geschäftsbedingungen/ }).check();
    await page.getByRole('button', { name: 'Jetzt Registrieren!' }).click();
    // Not the new, empty profile: the code they came with, ready to take.
    await page.waitForURL(`**/claim/${token}`, { timeout: 30_000 });
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Ergebnis übernehmen');
    await page.getByText('Falcon').first().waitFor();
    await page.getByRole('button', { name: 'Ergebnis übernehmen' }).click();
    await page.waitForURL(`**/game/${gameId}`, { timeout: 15_000 });
    await page.getByRole('link', { name: account.nickname }).waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
