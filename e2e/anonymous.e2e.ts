/**
 * Anonymous browsing in Chromium against the real server: home with the news cards, an article,
 * settings (English and back, the texts change), the not-found page — each checked with axe and
 * photographed, at 360 px wide and at desktop width.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe.each([
  ['mobile', MOBILE],
  ['desktop', DESKTOP],
])('anonymous visitor (%s)', (_name, viewport) => {
  it('home: the news as cards, each with image, title, abstract and Weiter lesen ...', async () => {
    const { page, context, errors } = await openPage(browser, server.url, { viewport });
    await page.goto('/');
    await page.waitForURL('**/home');
    await page.getByRole('article').nth(2).waitFor(); // the seeded news
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Neues aus der Arena',
    );
    const cards = page.getByRole('article');
    const count = await cards.count();
    for (let i = 0; i < count; i += 1) {
      const card = cards.nth(i);
      await expect(card.getByRole('heading', { level: 2 }).textContent()).resolves.toBeTruthy();
      await expect(card.getByRole('link', { name: /^Weiter lesen \.\.\./ }).count()).resolves.toBe(
        1,
      );
      await expect(card.locator('img').getAttribute('src')).resolves.toMatch(
        /\?fm=jpg&fl=progressive&q=50&w=1000$/,
      );
    }
    // about 24rem wide (never wider), wrapping into rows
    const widths = await cards.evaluateAll((els) =>
      els.map((e) => e.getBoundingClientRect().width),
    );
    for (const w of widths) expect(w).toBeLessThanOrEqual(384.5);
    // a function, not a string: Playwright evals a string predicate on every animation frame,
    // and after the first check our CSP (no 'unsafe-eval') refuses that eval
    await page.waitForFunction(() =>
      Array.from(document.images)
        .slice(0, 2)
        .every((i) => i.complete && i.naturalWidth > 0),
    );
    await expectAccessible(page, `home (${viewport.width} px)`);
    await screenshot(page, 'anonymous-home');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a news article: found by its slug, header image and rich text', async () => {
    const { page, context, errors } = await openPage(browser, server.url, { viewport });
    await page.goto('/home');
    const first = page.getByRole('article').first();
    const title = (await first.getByRole('heading', { level: 2 }).textContent()) ?? '';
    await first.getByRole('link', { name: /^Weiter lesen/ }).click();
    await page.waitForURL(/\/news\/[a-z0-9-]+$/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const image = page.locator('article img').first();
    await expect(image.getAttribute('src')).resolves.toMatch(
      /\?fm=jpg&fl=progressive&q=50&w=1000$/,
    );
    await expect
      .poll(
        () => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
        {
          timeout: 15_000,
        },
      )
      .toBeGreaterThan(0);
    // the rich text: more than the abstract, with a sub-heading right under the title (h2:
    // the document's top heading level always becomes h2, whatever level it was written at)
    await expect(page.locator('article p').count()).resolves.toBeGreaterThan(1);
    await expect(page.locator('article h2').count()).resolves.toBeGreaterThan(0);
    await expectAccessible(page, `article (${viewport.width} px)`);
    await screenshot(page, 'anonymous-article');
    // a slug that does not exist
    await page.goto('/news/gibt-es-nicht');
    await page.getByText('Diesen Artikel gibt es nicht (mehr).').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('settings: switch to English and back, the texts change', async () => {
    const { page, context, errors } = await openPage(browser, server.url, { viewport });
    await page.goto('/home');
    // through the side navigation
    await page.getByRole('button', { name: 'Menü' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    // opening a page closed the side navigation
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 5000 }).toBe(0);
    const select = page.getByRole('combobox', { name: 'Sprache der App' });
    await expect(select.inputValue()).resolves.toBe('de');
    await expectAccessible(page, `settings de (${viewport.width} px)`);
    await screenshot(page, 'anonymous-settings-de');

    await select.selectOption('en');
    await page.getByRole('combobox', { name: 'App language' }).waitFor();
    await expect(page.evaluate("localStorage.getItem('language')")).resolves.toBe('en');
    await expect(page.evaluate('document.documentElement.lang')).resolves.toBe('en');
    await expect(
      page
        .getByRole('navigation', { name: 'Quick access' })
        .getByRole('link', { name: 'Leaderboard' })
        .count(),
    ).resolves.toBe(1);
    await expectAccessible(page, `settings en (${viewport.width} px)`);
    await screenshot(page, 'anonymous-settings-en');

    // English stays after a reload, and the news come in English
    await page.goto('/home');
    await page.getByRole('heading', { name: 'News from the arena' }).waitFor();
    await page
      .getByRole('link', { name: /^Read more \.\.\./ })
      .first()
      .waitFor();
    await screenshot(page, 'anonymous-home-en');

    await page.goto('/settings');
    await page.getByRole('combobox', { name: 'App language' }).selectOption('de');
    await page.getByRole('combobox', { name: 'Sprache der App' }).waitFor();
    await expect(page.evaluate("localStorage.getItem('language')")).resolves.toBe('de');
    await page.goto('/home');
    await page.getByRole('heading', { name: 'Neues aus der Arena' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an unknown address: the not-found page inside the shell', async () => {
    const { page, context, errors } = await openPage(browser, server.url, { viewport });
    await page.goto('/gibts/nicht');
    await page.getByRole('heading', { name: 'Game Over' }).waitFor();
    await expect(
      page.getByRole('link', { name: 'Zur Startseite' }).getAttribute('href'),
    ).resolves.toBe('/home');
    await expectAccessible(page, `not found (${viewport.width} px)`);
    await screenshot(page, 'anonymous-not-found');
    await page.getByRole('link', { name: 'Zur Startseite' }).click();
    await page.waitForURL('**/home');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a protected page sends the visitor to /login, which offers the sign-in', async () => {
    const { page, context } = await openPage(browser, server.url, { viewport });
    await page.goto('/play');
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Jetzt anmelden' }).waitFor();
    await expectAccessible(page, `login (${viewport.width} px)`);
    await screenshot(page, 'anonymous-login');
    await context.close();
  });
});
