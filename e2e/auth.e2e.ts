/**
 * Sign-in in Chromium against the embedded provider: a protected page remembers its target,
 * sign-up at the provider comes back signed in (not yet registered: to registration, prefilled),
 * the session survives a reload and renews with the refresh token 60 s before expiry, logout
 * signs out at the provider in one step, sign-in works again, and the provider speaks the app's language.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MOBILE,
  expectAccessible,
  launchBrowser,
  newAccount,
  openPage,
  screenshot,
  openProviderSignIn,
  signOut,
  submitSignIn,
  signUp,
  startServer,
  type E2eServer,
} from './support';

let server: E2eServer;
let browser: Browser;
let page: Page;
const account = newAccount('auth');

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ page } = await openPage(browser, server.url, { viewport: MOBILE }));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const storedUser = () =>
  page.evaluate(
    "Object.keys(localStorage).filter((k) => k.startsWith('arcadia.oidc.user:')).length",
  );

async function menuButtons(): Promise<string[]> {
  await page.getByRole('button', { name: /^(Menü|Menu)$/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^(Login|Logout)$/ }).waitFor();
  const names = await dialog.getByRole('button').allTextContents();
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.count(), { timeout: 5000 }).toBe(0);
  return names.map((n) => n.trim()).filter(Boolean);
}

describe('signing in with the embedded provider', () => {
  it('a protected page sends to /login; sign-up comes back signed in, to registration, prefilled', async () => {
    await page.goto('/play');
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Jetzt anmelden' }).click();
    await page.waitForURL('**/oidc/**');
    // the provider's pages in German by default
    await expect(page.evaluate('document.documentElement.lang')).resolves.toBe('de');
    await screenshot(page, 'auth-provider-sign-in');
    await signUp(page, account);
    // back at the remembered target, which needs a registration first
    await page.waitForURL('**/login/registration');
    await expect(page.locator('input[type="email"]').inputValue()).resolves.toBe(account.email);
    await expect(page.getByRole('textbox').first().inputValue()).resolves.toBe(account.nickname);
    expect(await storedUser()).toBe(1);
    await screenshot(page, 'auth-after-sign-up');
  });

  it('the session survives a reload (tokens kept in localStorage)', async () => {
    await page.reload();
    await page.waitForURL('**/login/registration');
    expect(await menuButtons()).toContain('Logout');
  });

  it('60 s before expiry the access token is renewed with the refresh token', async () => {
    // Make the cached access token expire in 30 s: the next API call renews it first.
    await page.evaluate(`(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('arcadia.oidc.user:'));
      const user = JSON.parse(localStorage.getItem(key));
      user.expires_at = Math.floor(Date.now() / 1000) + 30;
      localStorage.setItem(key, JSON.stringify(user));
    })()`);
    const grants: string[] = [];
    const onRequest = (request: Request) => {
      if (request.url().endsWith('/oidc/oauth/token') || request.url().endsWith('/oidc/token'))
        grants.push(new URLSearchParams(request.postData() ?? '').get('grant_type') ?? '');
    };
    page.on('request', onRequest);
    const me = page.waitForResponse((r) => r.url().endsWith('/api/v2/user/me'));
    await page.reload();
    const answer = await me;
    page.off('request', onRequest);
    expect(grants).toEqual(['refresh_token']);
    // the renewed token is accepted (404: signed in, not registered)
    expect(answer.status()).toBe(404);
    const expiresAt = Number(
      await page.evaluate(`(() => {
        const key = Object.keys(localStorage).find((k) => k.startsWith('arcadia.oidc.user:'));
        return JSON.parse(localStorage.getItem(key)).expires_at;
      })()`),
    );
    expect(expiresAt).toBeGreaterThan(Date.now() / 1000 + 60);
  });

  it('logout is one step: through the provider, no question, back to the start page, signed out', async () => {
    const visited: string[] = [];
    const onNavigated = (frame: ReturnType<Page['mainFrame']>) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    };
    page.on('framenavigated', onNavigated);
    const token = String(
      await page.evaluate(`(() => {
        const key = Object.keys(localStorage).find((k) => k.startsWith('arcadia.oidc.user:'));
        return JSON.parse(localStorage.getItem(key)).access_token;
      })()`),
    );
    const meWith = async () =>
      (
        await page.request.get(`${server.url}/api/v2/user/me`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).status();
    expect(await meWith()).toBe(404); // signed in, not registered
    // signOut clicks nothing at the provider: a confirmation page would leave it waiting.
    await signOut(page);
    await page.waitForURL('**/home');
    page.off('framenavigated', onNavigated);
    expect(visited).toContain('/oidc/v2/logout');
    expect(visited.at(-1)).toBe('/home');
    expect(await storedUser()).toBe(0);
    expect(await menuButtons()).toContain('Login');
    // the access token the app held is signed out too: a copy of it no longer works
    expect(await meWith()).toBe(401);
    // the provider session is gone too: a protected page asks to sign in again
    await page.goto('/login/registration');
    await page.waitForURL('**/login');
  });

  it('signing in again with the account, the password shown while typing', async () => {
    await openProviderSignIn(page);
    const password = page.locator('input[name="password"]');
    await password.fill(account.password);
    await page.getByRole('button', { name: 'Passwort anzeigen' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    const hide = page.getByRole('button', { name: 'Passwort verbergen' });
    expect((await hide.textContent())?.trim()).toBe('Verbergen');
    await screenshot(page, 'auth-sign-in-password-shown');
    await hide.click();
    expect(await password.getAttribute('type')).toBe('password');
    // Shown when sent: the field is a password again before the form goes.
    await page.getByRole('button', { name: 'Passwort anzeigen' }).click();
    // A listener added after the page's own sees the field as the form leaves (the provider is
    // on the app's origin, so the tab's sessionStorage keeps it through the redirects).
    await password.evaluate((input: HTMLInputElement) =>
      input.form!.addEventListener('submit', () =>
        sessionStorage.setItem('passwordTypeAtSubmit', input.type),
      ),
    );
    await submitSignIn(page, account);
    expect(await page.evaluate(() => sessionStorage.getItem('passwordTypeAtSubmit'))).toBe(
      'password',
    );
    await page.evaluate(() => sessionStorage.removeItem('passwordTypeAtSubmit'));
    await page.waitForURL((url) => !url.pathname.startsWith('/login/callback'));
    expect(await storedUser()).toBe(1);
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    expect(await menuButtons()).toContain('Logout');
  });

  it('the provider speaks the app’s language (English after switching)', async () => {
    const { page: fresh, context } = await openPage(browser, server.url, { viewport: MOBILE });
    await fresh.goto('/settings');
    await fresh.getByRole('combobox', { name: 'Sprache der App' }).selectOption('en');
    await fresh.getByRole('combobox', { name: 'App language' }).waitFor();
    await fresh.goto('/login');
    await fresh.getByRole('button', { name: 'Sign in now' }).click();
    await fresh.waitForURL('**/oidc/**');
    await expect(fresh.evaluate('document.documentElement.lang')).resolves.toBe('en');
    await expectAccessible(fresh, 'provider sign-in (en)');
    // The app's look: its wordmark linking home, its stylesheet, its icon.
    await expect(fresh.getByRole('link', { name: 'Arcadia – home' }).count()).resolves.toBe(1);
    await expect(fresh.locator('link[rel="icon"]').getAttribute('href')).resolves.toBe(
      '/favicon.ico',
    );
    const icon = await context.request.get(`${server.url}/favicon.ico`);
    expect(icon.headers()['content-type']).toBe('image/x-icon');
    await screenshot(fresh, 'auth-provider-sign-in-en');
    await context.close();
  });
});
