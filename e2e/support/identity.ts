/**
 * Signing up, in and out through the embedded identity provider's own pages (rendered by the
 * server at /oidc; field names from apps/server/src/features/identity/views/pages.ts).
 */
import type { Page } from 'playwright-core';

export interface NewAccount {
  email: string;
  password: string;
  nickname: string;
}

/** A unique account for one journey (the password meets the provider's rules). */
export function newAccount(prefix = 'e2e'): NewAccount {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  return {
    email: `${prefix}-${tag}@example.org`,
    // A fixed digit: the tag alone may have none (base 36), and the rule asks for one.
    password: `Neon-Arcade-7-${tag}!`,
    // Names are unique on a server (and sign-up refuses a taken one): keep the tag's changing
    // end, not a long prefix that leaves no room for it.
    nickname: `${prefix.slice(0, 4)}${tag.slice(-8)}`,
  };
}

const atProvider = (url: URL) => url.pathname.startsWith('/oidc/');
const backInApp = (url: URL) =>
  !url.pathname.startsWith('/oidc/') && url.pathname !== '/login/callback';

/** From /login (or where the app has sent the visitor) to the provider's sign-in page. */
export async function openProviderSignIn(page: Page): Promise<void> {
  if (!atProvider(new URL(page.url()))) {
    if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
    await page.getByRole('button', { name: /Jetzt anmelden|Sign in now/ }).click();
    await page.waitForURL(atProvider);
  }
  await page.locator('form input[name="email"]').waitFor();
}

/**
 * Creates an account at the provider and comes back signed in (to the target the app
 * remembered, or `/`). The app then asks for the own profile (404: registration).
 */
export async function signUp(page: Page, account: NewAccount): Promise<void> {
  await openProviderSignIn(page);
  await page.locator('a[href$="/signup"]').click();
  await page.locator('form input[name="nickname"]').waitFor();
  await page.fill('input[name="email"]', account.email);
  await page.fill('input[name="nickname"]', account.nickname);
  await page.fill('input[name="password"]', account.password);
  await page.locator('form button[type="submit"]').click();
  await backToApp(page, 'sign-up');
}

/** Signs in with an existing account and comes back to the app. */
export async function signIn(page: Page, account: Pick<NewAccount, 'email' | 'password'>) {
  await openProviderSignIn(page);
  await submitSignIn(page, account);
}

/** Fills the open sign-in page, sends it and comes back to the app. */
export async function submitSignIn(
  page: Page,
  account: Pick<NewAccount, 'email' | 'password'>,
): Promise<void> {
  await page.fill('input[name="email"]', account.email);
  await page.fill('input[name="password"]', account.password);
  await page.locator('form button[type="submit"]').click();
  await backToApp(page, 'sign-in');
}

/**
 * Waits for the provider to send the browser back to the app. When it does not, the error
 * says where the browser stopped and what that page says (a provider page with a message, a
 * callback that hangs), which a bare timeout does not.
 */
async function backToApp(page: Page, step: string): Promise<void> {
  try {
    await page.waitForURL(backInApp, { timeout: 30_000 });
  } catch (error) {
    const text = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch(() => '(no page text)');
    throw new Error(
      `${step}: not back in the app after 30 s; the browser is at ${page.url()}, which says: ${text.replace(/\s+/g, ' ').slice(0, 500)}`,
      { cause: error },
    );
  }
}

/**
 * Logout from the side navigation: one step (the provider asks nothing for the app's own
 * sign-out) back to the start page. A confirmation page would leave this waiting, and fail.
 */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Menü|Menu)$/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/home' || url.pathname === '/', {
    timeout: 30_000,
  });
}
