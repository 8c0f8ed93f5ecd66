/**
 * A player in Chromium against the real server (fresh database, demo players seeded): signs up
 * at the identity provider, registers the profile (prefilled from the account; a taken name is
 * brought into view and announced), sees the own
 * profile and its tabs, finds another player with the search, opens their profile and games,
 * adds them as a friend (toast), finds them in the own friends tab, looks at the leaderboard and
 * the games overview, and deletes the profile in settings (after which its sign-in is gone too). Every page is checked with axe and
 * photographed, at 360 px wide and at desktop width.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  MOBILE,
  expectAccessible,
  launchBrowser,
  newAccount,
  openPage,
  openProviderSignIn,
  screenshot,
  signUp,
  startServer,
  type E2eServer,
} from './support';

/** A demo player the seed creates (apps/server/src/seed/players.ts). */
const OTHER = 'NeonNova';

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

/** Checks the page with axe and saves its screenshot under the journey's name. */
async function look(page: Page, name: string, width: number) {
  await expectAccessible(page, `${name} (${width} px)`);
  await screenshot(page, `player-${name}`);
}

const profileTabs = (page: Page) => page.getByRole('navigation', { name: 'Profilbereiche' });

describe.each([
  ['mobile', MOBILE],
  ['desktop', DESKTOP],
])('player journey (%s)', (_name, viewport) => {
  it('signs up, registers, finds and adds a friend, and deletes the profile', async () => {
    const { page, context, errors } = await openPage(browser, server.url, { viewport });
    const account = newAccount('pl');
    const width = viewport.width;

    // Sign up at the provider; back in the app, the profile is not registered yet.
    await signUp(page, account);
    await page.goto('/login/registration');
    await page.getByRole('heading', { level: 1, name: 'Profil erstellen' }).waitFor();

    // Registration: prefilled from the account, submit disabled until the terms are accepted.
    const username = page.getByLabel('*Nutzername (max. 12 Zeichen):');
    await expect(username.inputValue()).resolves.toBe(account.nickname);
    await expect(page.getByLabel('*eMail:').inputValue()).resolves.toBe(account.email);
    const submit = page.getByRole('button', { name: 'Jetzt Registrieren!' });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await username.fill('ab');
    await username.blur();
    await page.getByText('Der Nutzername muss mindestens 3 Zeichen lang sein.').waitFor();
    // A taken name: the answer brings the name field into view and focus, and is announced.
    await username.fill(OTHER);
    await page.getByRole('checkbox', { name: /Ich akzeptiere/ }).check();
    await submit.click();
    await page.getByRole('alert').getByText('Dieser Nutzername ist schon vergeben.').waitFor();
    await expect
      .poll(
        () =>
          username.evaluate((el) => {
            const box = el.getBoundingClientRect();
            return el === document.activeElement && box.top >= 0 && box.bottom <= innerHeight;
          }),
        { timeout: 5000 },
      )
      .toBe(true);
    await username.fill(account.nickname);
    await expect(submit.isEnabled()).resolves.toBe(true);
    await look(page, 'registration', width);
    await submit.click();

    // The own profile: name, statistics by default, Friends tab, no Add Friend.
    await page.waitForURL(/\/profile\/[0-9a-f-]{36}$/);
    const ownPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 1, name: account.nickname }).waitFor();
    await page.getByRole('heading', { name: 'Übersicht' }).waitFor();
    await expect(profileTabs(page).getByRole('link').allTextContents()).resolves.toEqual([
      'Statistiken',
      'Spiele',
      'Freunde',
    ]);
    await expect(page.getByRole('button', { name: 'Add Friend' }).count()).resolves.toBe(0);
    await look(page, 'own-statistics', width);
    await profileTabs(page).getByRole('link', { name: 'Spiele' }).click();
    await page.getByText('Noch keine Spiele').first().waitFor();
    await look(page, 'own-games-empty', width);
    await profileTabs(page).getByRole('link', { name: 'Freunde' }).click();
    await page.getByText('Du hast keine Freunde').waitFor();
    await look(page, 'own-friends-empty', width);

    // Search another player and open their profile.
    await page.getByRole('button', { name: 'Suche öffnen' }).click();
    await page.getByRole('searchbox', { name: 'Spieler suchen' }).fill(OTHER);
    await page.getByText('Suchergebnis:').waitFor({ timeout: 10_000 });
    await page.getByRole('link', { name: OTHER, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: OTHER }).waitFor();
    const otherPath = new URL(page.url()).pathname;
    await expect(profileTabs(page).getByRole('link').allTextContents()).resolves.toEqual([
      'Statistiken',
      'Spiele',
    ]);
    // The GraphQL statistics of a seeded player who has played.
    await page.getByRole('region', { name: 'commando' }).waitFor();
    await look(page, 'other-statistics', width);

    // Add Friend: the toast, then the button is gone (they are a friend now).
    await page.getByRole('button', { name: 'Add Friend' }).click();
    await page.getByText('Friend added', { exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: 'Add Friend' }).count(), { timeout: 5000 })
      .toBe(0);
    await page.getByText('Freund', { exact: true }).waitFor();
    await look(page, 'other-friend-added', width);

    // Their games: a card expands to its scoreboard and collapses again.
    await profileTabs(page).getByRole('link', { name: 'Spiele' }).click();
    const card = page.locator('main button[aria-expanded]').first();
    await card.waitFor();
    await card.click();
    await expect(card.getAttribute('aria-expanded')).resolves.toBe('true');
    const panel = page.locator(`[id="${await card.getAttribute('aria-controls')}"]`);
    await panel.getByRole('table').first().waitFor();
    await expect(panel.getByRole('link', { name: OTHER }).count()).resolves.toBeGreaterThan(0);
    await look(page, 'other-games-expanded', width);
    // The card names its numbers, and its mode as the games overview does (checked below).
    for (const label of ['Punkte', 'Kills', 'Deaths'])
      await expect(card.getByText(label, { exact: true }).isVisible()).resolves.toBe(true);
    const cardName = (await card.textContent()) ?? '';
    await card.press('Enter');
    await expect(card.getAttribute('aria-expanded')).resolves.toBe('false');

    // The own friends tab lists them, linking to their profile.
    await page
      .getByRole('navigation', { name: 'Schnellzugriff' })
      .getByRole('link', { name: 'Profil' })
      .click();
    await page.waitForURL((url) => url.pathname === ownPath);
    await profileTabs(page).getByRole('link', { name: 'Freunde' }).click();
    const friend = page.getByRole('main').getByRole('link', { name: OTHER });
    await friend.waitFor();
    await expect(friend.getAttribute('href')).resolves.toBe(otherPath);
    await look(page, 'own-friends', width);

    // The leaderboard shows the own place; the games overview the modes and maps.
    await page
      .getByRole('navigation', { name: 'Schnellzugriff' })
      .getByRole('link', { name: 'Rangliste' })
      .click();
    await page.getByRole('table').waitFor();
    await page.getByRole('region', { name: 'Dein Platz' }).waitFor();
    await page
      .getByRole('group', { name: 'Spieler' })
      .getByText('Freunde', { exact: true })
      .click();
    // The choice is applied after the click (the scope goes into the URL): wait for it.
    await page.getByRole('radio', { name: 'Freunde', checked: true }).waitFor();
    await page.getByRole('table').getByRole('link', { name: OTHER }).waitFor();
    await look(page, 'leaderboard-friends', width);
    await page.getByRole('button', { name: 'Menü' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Spiele' }).click();
    await page.getByRole('heading', { level: 1, name: 'Commando' }).waitFor();
    await page.getByRole('region', { name: 'Deine Bestwerte' }).waitFor();
    await expect(
      page.getByRole('region', { name: 'Karten' }).locator('img').count(),
    ).resolves.toBeGreaterThan(0);
    const modeNames = await page
      .getByRole('region', { name: 'Spielmodi' })
      .getByRole('heading', { level: 3 })
      .allTextContents();
    expect(modeNames.filter((name) => cardName.startsWith(name))).toHaveLength(1);
    await look(page, 'games', width);

    // Delete the profile in settings: 'Success', signed out.
    await page.getByRole('button', { name: 'Menü' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 5000 }).toBe(0);
    await page.getByRole('button', { name: 'Profil löschen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profil löschen?' });
    await dialog.waitFor();
    await look(page, 'delete-dialog', width);
    // The deletion ended the token at the API: the sign-out does not send it again (a 401).
    // (A read of the own profile racing the deletion may still meet a 401: not counted here.)
    const refused: string[] = [];
    page.on('response', (res) => {
      if (res.status() === 401) refused.push(new URL(res.url()).pathname);
    });
    await dialog.getByRole('button', { name: 'Löschen' }).click();
    await page.getByText('Success', { exact: true }).waitFor();
    // Signed out in one step: the provider asks nothing for the app's own sign-out.
    await page.waitForURL((url) => url.pathname === '/home', { timeout: 30_000 });
    expect(refused).not.toContain('/api/v2/user/logout');

    // Gone with its sign-in (the embedded provider's account is personal data too): signing in
    // with it again is refused at the provider.
    await page.goto('/login');
    await openProviderSignIn(page);
    await page.fill('input[name="email"]', account.email);
    await page.fill('input[name="password"]', account.password);
    await page.locator('form button[type="submit"]').click();
    await page.getByRole('alert').getByText('E-Mail-Adresse oder Passwort ist falsch.').waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});
