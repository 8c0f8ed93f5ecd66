/**
 * The screenshot tour (`npm run tour`, not part of `npm test`): every page of the app and the
 * provider at 360 px and 1280 px, in German and English, as a visitor and as a new player, into
 * `test-output/tour/{language}/{page}-{width}.png`. For judging by eye that the pages look like
 * one product after a layout or theme change. Needs the built web app (`npm run build -w
 * @arcadia/web`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { registerPlayer } from './fixtures/players';
import { launchBrowser, openPage, repoRoot, startServer, DESKTOP, MOBILE } from './support';

const OUT = path.join(repoRoot, 'test-output/tour');
const LANGUAGES = [
  { code: 'de', locale: 'de-DE' },
  { code: 'en', locale: 'en-US' },
] as const;
const WIDTHS = [MOBILE, DESKTOP];

async function shoot(page: Page, dir: string, name: string): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  await page.evaluate('document.fonts.ready.then(() => undefined)');
  await page.waitForTimeout(300);
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(dir, `${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  console.log(file);
}

/** The first player on the leaderboard: a demo profile with games (profiles need a sign-in). */
async function demoProfilePath(page: Page): Promise<string> {
  await page.goto('/leaderboard');
  const link = page.locator('a[href^="/profile/"]').first();
  await link.waitFor({ timeout: 15_000 });
  return (await link.getAttribute('href'))!;
}

async function visitorPages(browser: Browser, url: string, locale: string, dir: string) {
  for (const viewport of WIDTHS) {
    const { context, page } = await openPage(browser, url, { viewport, locale });
    for (const [name, target] of [
      ['start', '/'],
      ['home', '/home'],
      ['article', '/news/die-arcadia-app-ist-da'],
      ['leaderboard', '/leaderboard'],
      ['games', '/games'],
      ['settings', '/settings'],
      ['login', '/login'],
      ['not-found', '/no-such-page'],
    ] as const) {
      await page.goto(target);
      await shoot(page, dir, name);
    }
    await page.goto('/login');
    await page.getByRole('button', { name: /Jetzt anmelden|Sign in now/ }).click();
    await page.locator('form input[name="email"]').waitFor();
    await shoot(page, dir, 'provider-sign-in');
    await page.locator('a[href$="/signup"]').click();
    await page.locator('form input[name="nickname"]').waitFor();
    await shoot(page, dir, 'provider-sign-up');
    await context.close();
  }
}

async function playerPages(browser: Browser, url: string, locale: string, dir: string) {
  for (const viewport of WIDTHS) {
    const { context, page } = await openPage(browser, url, { viewport, locale });
    const player = await registerPlayer(page, 'tour');
    for (const [name, target] of [
      ['own-statistics', `/profile/${player.id}/statistics`],
      ['own-games', `/profile/${player.id}/games`],
      ['own-friends', `/profile/${player.id}/friends`],
      ['play', '/play'],
      ['player-home', '/home'],
      ['player-leaderboard', '/leaderboard'],
    ] as const) {
      await page.goto(target);
      await shoot(page, dir, name);
    }
    const profile = await demoProfilePath(page);
    for (const tab of ['statistics', 'games']) {
      await page.goto(`${profile}/${tab}`);
      await shoot(page, dir, `profile-${tab}`);
    }
    await page.getByRole('button', { name: /^(Menü|Menu)$/ }).click();
    await page.waitForTimeout(500);
    await shoot(page, dir, 'sidenav');
    await context.close();
  }
}

const server = await startServer();
const browser = await launchBrowser();
try {
  for (const language of LANGUAGES) {
    const dir = path.join(OUT, language.code);
    fs.mkdirSync(dir, { recursive: true });
    await visitorPages(browser, server.url, language.locale, dir);
    await playerPages(browser, server.url, language.locale, dir);
  }
} finally {
  await browser.close();
  await server.close();
}
