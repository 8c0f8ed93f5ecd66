import path from 'node:path';
import { afterAll, beforeAll, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newAccount, openPage, signUp, startServer, type E2eServer } from './support';

let server: E2eServer;
let browser: Browser;
const out = '/tmp/look-shots';
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
const shot = async (page: Page, name: string) => {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate('document.fonts.ready.then(() => undefined)');
  await page.screenshot({ path: path.join(out, `${name}-${page.viewportSize()!.width}.png`), fullPage: true });
};
it('shots', async () => {
  const account = newAccount('look');
  for (const [locale, lang] of [['de-DE', 'de'], ['en-US', 'en']] as const) {
    for (const width of [360, 1280]) {
      const { page, context } = await openPage(browser, server.url, { locale, viewport: { width, height: width === 360 ? 740 : 800 } });
      if (lang === 'en') await page.addInitScript(`localStorage.setItem('language','en')`);
      await page.goto('/home');
      await page.waitForTimeout(1500);
      await shot(page, `${lang}-home`);
      await page.goto('/login');
      await page.getByRole('button', { name: /Jetzt anmelden|Sign in now/ }).click();
      await page.waitForURL('**/oidc/**');
      await page.locator('form input[name="email"]').waitFor();
      await shot(page, `${lang}-signin`);
      await page.locator('a[href$="/signup"]').click();
      await page.locator('form input[name="nickname"]').waitFor();
      await shot(page, `${lang}-signup`);
      await page.locator('form button[type="submit"]').click();
      await page.waitForLoadState('networkidle');
      await shot(page, `${lang}-signup-errors`);
      await page.goto(`/oidc/reset?lang=${lang}`).catch(() => undefined);
      await shot(page, `${lang}-reset-bad`);
      await page.goto(`/oidc/forgot?lang=${lang}`).catch(() => undefined);
      await shot(page, `${lang}-forgot`);
      await context.close();
    }
  }
  const { page, context } = await openPage(browser, server.url, { viewport: { width: 360, height: 740 } });
  await signUp(page, account);
  await page.goto('/oidc/v2/logout');
  await shot(page, 'de-logout-confirm');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'de-logout-confirm');
  await page.goto('/oidc/v2/logout?lang=en');
  await shot(page, 'en-logout-confirm');
  await context.close();
}, 600_000);
