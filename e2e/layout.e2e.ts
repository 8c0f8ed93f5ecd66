/**
 * The layout at three widths, in Chromium against the real server: from 1024 px the navigation
 * is a side rail on the left (the bottom bar gone), below it the bottom bar; at 320 px the
 * leaderboard's segments and the profile tabs still fit; the burger closes the sidenav it
 * opened; the search spinner leaves the field's clear button free. Screenshots of home, the
 * leaderboard and a profile at 360, 1024 and 1280 px; axe at 1280 px.
 */
import type { Browser, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
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

const TABLET_WIDE = { width: 1024, height: 800 } as const;
const NARROW = { width: 320, height: 640 } as const;

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} is not shown`);
  return found;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const quickNav = (page: Page) => page.getByRole('navigation', { name: 'Schnellzugriff' });

/** Where the quick navigation sits: a rail on the left or a bar at the bottom. */
async function navigationAt(page: Page) {
  const nav = await box(quickNav(page));
  const viewport = page.viewportSize()!;
  const rail = nav.x === 0 && nav.width <= 120 && nav.height > viewport.height / 2;
  const bar = nav.width === viewport.width && Math.abs(nav.y + nav.height - viewport.height) <= 2;
  const games = await quickNav(page).getByRole('link', { name: 'Spiele', exact: true }).isVisible();
  const main = await box(page.getByRole('main'));
  return { rail, bar, games, mainLeft: main.x, navRight: nav.x + nav.width };
}

const WIDTHS = { 360: MOBILE, 1024: TABLET_WIDE, 1280: DESKTOP } as const;

/** Opens `path` at each width (set before the page loads) and saves its screenshot. */
async function shootAtEachWidth(page: Page, path: string, name: string, ready: Locator) {
  for (const viewport of Object.values(WIDTHS)) {
    await page.setViewportSize(viewport);
    await page.goto(path);
    await ready.waitFor();
    await screenshot(page, `layout-${name}`);
  }
}

describe('layout', () => {
  it('side rail on desktop, bottom bar on phones, 320 px fits, sidenav and search behave', async () => {
    const { page, context, errors } = await openPage(browser, server.url, { viewport: DESKTOP });

    // 1280 px: the rail with the games and settings too; the content beside it, not under it.
    await page.goto('/home');
    await page.getByRole('article').first().waitFor();
    const desktop = await navigationAt(page);
    expect(desktop).toMatchObject({ rail: true, bar: false, games: true });
    expect(desktop.mainLeft).toBeGreaterThanOrEqual(desktop.navRight);
    // Beside the rail there is still room for three news cards in a row.
    const tops = await page
      .getByRole('article')
      .evaluateAll((els) => els.slice(0, 3).map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await quickNav(page).getByRole('link', { name: 'Rangliste' }).click();
    await page.getByRole('table').waitFor();
    await expect(
      quickNav(page).getByRole('link', { name: 'Rangliste' }).getAttribute('aria-current'),
    ).resolves.toBe('page');
    await expectAccessible(page, 'leaderboard with the rail (1280 px)');
    // In English too every rail label is whole ('Leaderboard' was cut to 'Leaderbo…').
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    const rail = page.getByRole('navigation', { name: 'Quick access' });
    await rail.getByRole('link', { name: 'Leaderboard' }).waitFor();
    const cut = await rail
      .locator('a span')
      .evaluateAll((els) =>
        els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
      );
    expect(cut).toEqual([]);
    await page.evaluate(() => localStorage.setItem('language', 'de'));
    await page.reload();
    await quickNav(page).getByRole('link', { name: 'Rangliste' }).waitFor();

    // 360 px: the bottom bar, no rail.
    await page.setViewportSize(MOBILE);
    const phone = await navigationAt(page);
    expect(phone).toMatchObject({ rail: false, bar: true, games: false });

    // The burger stays on top of the open sidenav and closes it; the focus stays on it.
    const burger = page.getByRole('button', { name: 'Menü', exact: true });
    await burger.click();
    const sidenav = page.getByRole('dialog', { name: 'Navigation' });
    await sidenav.getByRole('link', { name: 'Settings' }).waitFor();
    await burger.click();
    await expect.poll(() => sidenav.count(), { timeout: 5000 }).toBe(0);
    await expect(burger.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(burger.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    // Back closes the open sidenav and stays on the page, as on a phone; a page opened from the
    // sidenav takes the panel's place in the history, so Back from it returns to this page.
    const here = page.url();
    await burger.click();
    await sidenav.getByRole('link', { name: 'Settings' }).waitFor();
    await page.goBack();
    await expect.poll(() => sidenav.count(), { timeout: 5000 }).toBe(0);
    expect(page.url()).toBe(here);
    await burger.click();
    await sidenav.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    await page.goBack();
    await page.waitForURL(here);
    await quickNav(page).getByRole('link', { name: 'Rangliste' }).waitFor();
    // Back closes the open search bar the same way, and the page stays.
    const searchBar = page.locator('#app-search');
    await page.getByRole('button', { name: 'Suche öffnen' }).click();
    await expect.poll(() => searchBar.isVisible(), { timeout: 5000 }).toBe(true);
    await page.goBack();
    await expect.poll(() => searchBar.isVisible(), { timeout: 5000 }).toBe(false);
    expect(page.url()).toBe(here);
    await page.getByRole('button', { name: 'Suche öffnen' }).waitFor();
    // Reloaded with the sidenav open, the page starts with it closed and steps over its entry:
    // one Back still returns to the page before (it used to stay, doing nothing visible).
    await burger.click();
    await sidenav.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    await burger.click();
    await sidenav.getByRole('link', { name: 'Settings' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Menü', exact: true }).waitFor();
    await page.goBack();
    await page.waitForURL(here);
    await quickNav(page).getByRole('link', { name: 'Rangliste' }).waitFor();

    // 320 px: the leaderboard's segments side by side without touching, every label inside.
    await page.setViewportSize(NARROW);
    const labels = page.locator('fieldset label');
    // Back on the board after a reload: its filters render once its code and data are in.
    await expect.poll(() => labels.count(), { timeout: 15_000 }).toBe(10);
    const count = await labels.count();
    const boxes = await Promise.all(Array.from({ length: count }, (_, i) => box(labels.nth(i))));
    for (let i = 0; i < count; i += 1)
      for (let j = i + 1; j < count; j += 1) expect(overlap(boxes[i]!, boxes[j]!)).toBe(false);
    const clipped = await labels.evaluateAll((els) =>
      els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
    );
    expect(clipped).toEqual([]);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(NARROW.width);
    // The rating board: its provisional marks wrap under the value instead of widening the page.
    await page.goto('/leaderboard?metric=rating');
    await page.getByText('Vorläufig').first().waitFor();
    const ratingWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(ratingWidth).toBeLessThanOrEqual(NARROW.width);

    // A registered player's own profile (three tabs) at 320 px: every tab reachable.
    const account = newAccount('lay');
    await signUp(page, account);
    await page.goto('/login/registration');
    await page.getByRole('checkbox', { name: /Ich akzeptiere/ }).check();
    await page.getByRole('button', { name: 'Jetzt Registrieren!' }).click();
    await page.waitForURL(/\/profile\/[0-9a-f-]{36}$/);
    const tabs = page.getByRole('navigation', { name: 'Profilbereiche' });
    await tabs.getByRole('link', { name: 'Freunde' }).waitFor();
    const tabList = tabs.locator('ul');
    const scrollable = await tabList.evaluate((el) => el.scrollWidth > el.clientWidth);
    for (const name of ['Statistiken', 'Spiele', 'Freunde']) {
      const tab = await box(tabs.getByRole('link', { name }));
      if (!scrollable) {
        expect(tab.x).toBeGreaterThanOrEqual(0);
        expect(tab.x + tab.width).toBeLessThanOrEqual(NARROW.width);
      }
    }
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth),
    ).resolves.toBeLessThanOrEqual(NARROW.width);

    // A player's game cards at 320 px: the map and the time below the mode, each on one line
    // (squeezed beside the won/lost badge they broke a word a line).
    await page.goto('/leaderboard');
    await page.getByRole('table').getByRole('link', { name: 'NeonNova' }).click();
    await page.getByRole('heading', { level: 1, name: 'NeonNova' }).waitFor();
    await tabs.getByRole('link', { name: 'Spiele' }).click();
    await page.locator('main h2 time').first().waitFor();
    const cardLines = await page
      .locator('main h2 time')
      .evaluateAll((times) =>
        times
          .slice(0, 5)
          .flatMap((time) =>
            [time, time.previousElementSibling!].map(
              (line) =>
                line.getBoundingClientRect().height / parseFloat(getComputedStyle(line).lineHeight),
            ),
          ),
      );
    expect(cardLines.length).toBeGreaterThan(0);
    for (const lines of cardLines) expect(lines).toBeLessThan(1.5);

    // The search spinner sits in the field's right padding, beside the browser's clear button.
    // (the search is held at the server's door until the spinner is measured)
    const held: Route[] = [];
    await page.route('**/api/user?searchterm=*', (route) => void held.push(route));
    await page.getByRole('button', { name: 'Suche öffnen' }).click();
    const field = page.getByRole('searchbox', { name: 'Spieler suchen' });
    await field.fill('NeonNova');
    const spinner = page.getByRole('status').filter({ hasText: 'Suche läuft' });
    await spinner.waitFor({ timeout: 5000 });
    const contentRight = await field.evaluate((el) => {
      const style = getComputedStyle(el);
      return (
        el.getBoundingClientRect().right -
        parseFloat(style.paddingRight) -
        parseFloat(style.borderRightWidth)
      );
    });
    expect((await box(spinner)).x).toBeGreaterThanOrEqual(contentRight - 0.5);
    await Promise.all(held.map((route) => route.continue()));
    await page.unroute('**/api/user?searchterm=*');
    await page.keyboard.press('Escape');
    await expect.poll(() => field.count(), { timeout: 5000 }).toBe(0);

    // Screenshots to look at: home, the leaderboard and a player's profile at three widths.
    await shootAtEachWidth(page, '/home', 'home', page.getByRole('article').first());
    await shootAtEachWidth(page, '/leaderboard', 'leaderboard', page.getByRole('table'));
    await page.getByRole('table').getByRole('link', { name: 'NeonNova' }).click();
    await page.getByRole('heading', { level: 1, name: 'NeonNova' }).waitFor();
    await page.getByRole('heading', { name: 'Übersicht' }).waitFor();
    await expectAccessible(page, 'profile beside its tabs (1280 px)');
    const profilePath = new URL(page.url()).pathname;
    await shootAtEachWidth(
      page,
      profilePath,
      'profile',
      page.getByRole('heading', { name: 'Übersicht' }),
    );

    expect(errors).toEqual([]);
    await context.close();
    // (about 30 s on an idle machine; the nine screenshots take most of it)
  }, 240_000);

  it('on a phone the keyboard focus is never under the bottom bar or the header', async () => {
    const { page, context, errors } = await openPage(browser, server.url, { viewport: MOBILE });
    // A long page: the board's rows are links, one after the other down the page.
    await page.goto('/leaderboard');
    await page.getByRole('table').first().waitFor();
    const bar = await box(quickNav(page));
    const header = await box(page.locator('header').first());
    // Every stop of the Tab order down the page, then back up it.
    const hidden: string[] = [];
    for (const key of [...Array<string>(40).fill('Tab'), ...Array<string>(40).fill('Shift+Tab')]) {
      await page.keyboard.press(key);
      const focused = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return null;
        const r = el.getBoundingClientRect();
        // The header, the bar and the skip link sit on top of the page themselves.
        const fixed =
          getComputedStyle(el).position === 'fixed' ||
          el.closest('header, nav[aria-label="Schnellzugriff"], [role="dialog"]');
        return fixed ? null : { top: r.top, bottom: r.bottom, name: el.textContent?.trim() ?? '' };
      });
      if (!focused) continue;
      if (focused.bottom > bar.y + 0.5 || focused.top < header.y + header.height - 0.5)
        hidden.push(`${focused.name}: ${focused.top}–${focused.bottom}`);
    }
    expect(hidden).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the rating board's provisional marks stay inside their cells, in German and English", async () => {
    for (const [locale, viewport, word] of [
      ['de-DE', NARROW, 'Vorläufig'],
      ['en-US', MOBILE, 'Provisional'],
    ] as const) {
      const { page, context, errors } = await openPage(browser, server.url, { viewport, locale });
      await page.goto('/leaderboard?metric=rating');
      const marks = page.getByRole('table').getByText(word, { exact: true });
      await marks.first().waitFor();
      // 'PROVISIONAL' in capitals ran 10 px past the value's cell and the table's card at 360 px.
      const outside = await marks.evaluateAll((els) =>
        els.flatMap((el) => {
          const cell = el.closest('td')!.getBoundingClientRect();
          const mark = el.getBoundingClientRect();
          return mark.left < cell.left - 0.5 || mark.right > cell.right + 0.5
            ? [`${mark.left}–${mark.right} outside ${cell.left}–${cell.right}`]
            : [];
        }),
      );
      expect(outside, `${locale} at ${viewport.width} px`).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
