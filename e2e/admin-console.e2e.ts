/**
 * The operator console in Chromium against the real server: a player signs up and registers;
 * /admin tells them they have no access. The bootstrap route (the secret the server offers while
 * no admin exists, docs/operator-console.md) makes them the first admin; the console link appears
 * in the side navigation, and at 768×1024 (a tablet) and 1280×800 the admin creates an arcade and
 * a device, sees the device's key once, and looks at the audit log. Every page is checked with axe
 * and photographed.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  offerAdminBootstrap,
  readBootstrapToken,
} from '../apps/server/src/features/admin/bootstrap';
import {
  expectAccessible,
  launchBrowser,
  MOBILE,
  newAccount,
  openPage,
  outboxLink,
  screenshot,
  signIn,
  signUp,
  startServer,
  type E2eServer,
  type NewAccount,
} from './support';

const TABLET = { width: 768, height: 1024 } as const;
const WIDE = { width: 1280, height: 800 } as const;

let server: E2eServer;
let browser: Browser;
const operator: NewAccount = newAccount('op');

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function look(page: Page, name: string, width: number) {
  await expectAccessible(page, `${name} (${width} px)`);
  await screenshot(page, `admin-${name}`);
}

/**
 * Signs up and registers the operator's player profile (prefilled from the account), and
 * confirms the address with the sign-up's mail: only a proven address is made admin.
 */
async function registerPlayer(page: Page, account: NewAccount) {
  await signUp(page, account);
  await page.goto('/login/registration');
  await page.getByRole('heading', { level: 1, name: 'Profil erstellen' }).waitFor();
  await page.getByRole('checkbox', { name: /Ich akzeptiere/ }).check();
  await page.getByRole('button', { name: 'Jetzt Registrieren!' }).click();
  await page.waitForURL(/\/profile\/[0-9a-f-]{36}$/);
  await page.goto(await outboxLink(server, account.email, `${server.url}/oidc/verify?token=`));
  // Opening the link only asks (mail scanners open links too); the button confirms.
  await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
  await page.getByText('Danke! Deine E-Mail-Adresse ist jetzt bestätigt.').waitFor();
}

/** The first admin, through POST /api/admin/bootstrap with the secret the server offers. */
async function makeFirstAdmin(email: string) {
  const dataDir = path.join(server.dataDir, 'data');
  // What the server does at start (src/server.ts); the e2e harness builds the app without it.
  await offerAdminBootstrap(server.app.db, dataDir);
  const secret = readBootstrapToken(dataDir);
  expect(secret).toBeTruthy();
  const res = await fetch(`${server.url}/api/admin/bootstrap`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ secret, email }),
  });
  expect(res.status).toBe(200);
  await expect(res.json()).resolves.toMatchObject({ role: 'admin' });
}

describe('operator console', () => {
  it('a player has no access; made the first admin, they get the console link', async () => {
    const { page, context, errors } = await openPage(browser, server.url, { viewport: TABLET });
    await registerPlayer(page, operator);

    await page.goto('/admin');
    await page.getByText('Kein Zugang').waitFor();
    await look(page, 'no-access', TABLET.width);

    await makeFirstAdmin(operator.email);
    await page.goto('/home');
    await page.getByRole('button', { name: 'Menü' }).click();
    const link = page.getByRole('dialog').getByRole('link', { name: 'Betreiberkonsole' });
    await link.click();
    await page.waitForURL(/\/admin\/arcades/);
    await page.getByRole('heading', { level: 1, name: 'Betreiberkonsole' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['tablet', TABLET],
    ['desktop', WIDE],
  ])('creates an arcade and a device at %s width, the key shown once', async (_name, viewport) => {
    const { page, context, errors } = await openPage(browser, server.url, { viewport });
    const width = viewport.width;
    const arcadeId = `e2e-${width}`;
    await page.goto('/admin');
    await signIn(page, operator);
    await page.goto('/admin');
    const sections = page.getByRole('navigation', { name: 'Bereiche der Konsole' });
    await sections.getByRole('link', { name: 'Spielhallen', exact: true }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Spielhallen' }).waitFor();
    await look(page, 'arcades', width);

    // A new arcade, with opening hours; a bad id is named first.
    await page.getByRole('link', { name: 'Neue Spielhalle' }).click();
    await page.getByLabel('Kennung').fill('kein gültiger name');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Kennung braucht 1 bis 64 Buchstaben').waitFor();
    await page.getByLabel('Kennung').fill(arcadeId);
    await page.getByLabel('Name', { exact: true }).fill(`Neon Halle ${width}`);
    await page.getByLabel('Stadt').fill('Leipzig');
    await page.getByLabel('Adresse').fill('Karl-Liebknecht-Str. 10');
    await page.getByRole('button', { name: 'Öffnungszeit hinzufügen' }).click();
    await page.getByLabel('Tag (1)').selectOption('fri');
    await look(page, 'arcade-form', width);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('heading', { level: 3, name: `Neon Halle ${width}` }).waitFor();

    // Pick it and open its devices.
    await page.getByLabel('Spielhalle', { exact: true }).selectOption(arcadeId);
    await page.waitForURL(new RegExp(`arcade=${arcadeId}`));
    await sections.getByRole('link', { name: 'Geräte', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: `Geräte · Neon Halle ${width}` }).waitFor();
    await page.getByText('Diese Spielhalle hat noch keine Geräte.').waitFor();

    await page.getByRole('button', { name: 'Neues Gerät' }).click();
    const form = page.getByRole('dialog', { name: 'Neues Gerät' });
    await form.getByLabel('Kennung').fill('arena-1');
    await form.getByLabel('Name').fill('Arena 1');
    await form.getByLabel('Plätze').fill('6');
    await look(page, 'device-form', width);
    await form.getByRole('button', { name: 'Gerät anlegen' }).click();

    const shown = page.getByRole('dialog', { name: 'Arena 1 ist angelegt' });
    await shown.getByText('Dieser Geräteschlüssel wird nur dieses eine Mal angezeigt.').waitFor();
    const key = (await shown.locator('output').textContent()) ?? '';
    expect(key.length).toBeGreaterThan(20);
    await look(page, 'device-key', width);
    await shown.getByRole('button', { name: 'Fertig' }).click();
    await shown.waitFor({ state: 'detached' });
    // Shown once: the list has the device, not its key.
    await page.getByRole('heading', { level: 3, name: 'Arena 1' }).waitFor();
    await expect(page.getByText(key).count()).resolves.toBe(0);
    await page.getByText('Offline').waitFor();
    await look(page, 'devices', width);

    // A second device may not take its name (players see it: 'Du spielst auf: Arena 1').
    await page.getByRole('button', { name: 'Neues Gerät' }).click();
    await form.getByLabel('Kennung').fill('arena-2');
    await form.getByLabel('Name').fill('arena 1');
    await form.getByRole('button', { name: 'Gerät anlegen' }).click();
    await form.getByText('Ein Gerät mit diesem Namen gibt es in der Spielhalle schon.').waitFor();
    await expect
      .poll(() => form.getByLabel('Name').evaluate((input) => input === document.activeElement))
      .toBe(true);
    await look(page, 'device-name-taken', width);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
    await expect(page.getByRole('heading', { level: 3, name: /^arena 1$/i }).count()).resolves.toBe(
      1,
    );

    // The log has both changes, told with the names.
    await sections.getByRole('link', { name: 'Protokoll', exact: true }).click();
    await page
      .getByRole('heading', { level: 3, name: /hat das Gerät Arena 1 angelegt\./ })
      .first()
      .waitFor();
    await page
      .getByRole('heading', {
        level: 3,
        name: new RegExp(`hat die Spielhalle Neon Halle ${width} angelegt\\.`),
      })
      .first()
      .waitFor();
    await look(page, 'audit', width);

    await sections.getByRole('link', { name: 'Spiele', exact: true }).click();
    await page.getByText('An diesem Tag wurde hier nicht gespielt.').waitFor();
    await look(page, 'games', width);

    await sections.getByRole('link', { name: 'Rollen', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Rollen vergeben' }).waitFor();
    await look(page, 'roles', width);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone the section row, scrolling sideways, shows the current section', async () => {
    const { page, context, errors } = await openPage(browser, server.url, { viewport: MOBILE });
    await page.goto('/admin');
    await signIn(page, operator);
    // Opened by its address: a click would have scrolled the row to the link itself.
    await page.goto('/admin/roles');
    await page.getByRole('heading', { level: 2, name: 'Rollen vergeben' }).waitFor();
    const row = await page
      .getByRole('navigation', { name: 'Bereiche der Konsole' })
      .getByRole('link', { name: 'Rollen', exact: true })
      .evaluate((link) => {
        const list = link.closest('ul')!;
        const box = link.getBoundingClientRect();
        const visible = list.getBoundingClientRect();
        return {
          scrolls: list.scrollWidth > list.clientWidth,
          inView: box.left >= visible.left - 1 && box.right <= visible.right + 1,
          pageScrolledSideways: window.scrollX,
        };
      });
    expect(row).toEqual({ scrolls: true, inView: true, pageScrolledSideways: 0 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a suspended player’s open app is signed out and still shows the public pages', async () => {
    const player = newAccount('sus');
    const phone = await openPage(browser, server.url, { viewport: MOBILE });
    await registerPlayer(phone.page, player);
    const me = await fetch(`${server.url}/api/v2/user/me`, {
      headers: { authorization: `Bearer ${await accessTokenOf(phone.page)}` },
    });
    const playerId = ((await me.json()) as { id: string }).id;
    await phone.page.goto('/games/overview/commando');
    await phone.page.getByRole('heading', { level: 1 }).waitFor();

    const desk = await openPage(browser, server.url, { viewport: WIDE });
    await desk.page.goto('/admin');
    await signIn(desk.page, operator);
    await desk.page.goto('/admin');
    await desk.page.getByRole('heading', { level: 1, name: 'Betreiberkonsole' }).waitFor();
    const res = await fetch(`${server.url}/api/admin/players/${playerId}/suspend`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await accessTokenOf(desk.page)}`,
      },
      body: JSON.stringify({ reason: 'Beleidigungen im Chat' }),
    });
    expect(res.status).toBe(200);
    await desk.context.close();

    // The phone's tokens are refused now: its next calls sign it out, and the public page loads.
    await phone.page.reload();
    await phone.page.getByRole('heading', { level: 2, name: 'Spielmodi' }).waitFor();
    await expect(
      phone.page.getByText('Die Spielübersicht konnte nicht geladen werden.').count(),
    ).resolves.toBe(0);
    await expect.poll(() => accessTokenOf(phone.page), { timeout: 10_000 }).toBeNull();
    await phone.page.getByRole('button', { name: 'Menü' }).click();
    await phone.page.getByRole('dialog').getByRole('button', { name: 'Login' }).waitFor();
    await phone.context.close();
  });
});

/** The access token the app keeps in localStorage, or null when signed out. */
function accessTokenOf(page: Page): Promise<string | null> {
  return page.evaluate(`(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('arcadia.oidc.user:'));
    return key ? JSON.parse(localStorage.getItem(key)).access_token : null;
  })()`);
}
