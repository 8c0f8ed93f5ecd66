/**
 * A 14-year-old registers with marketing mails (issue 17, DSGVO Art. 8), in Chromium against the
 * real server: the birthday says under 16, so the form asks for a parent's e-mail; the parent's
 * mail lands in the outbox, the parent opens its link (no session: a short page thanks them),
 * and the player's settings say marketing mails are confirmed. Until then they wait for the parent.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  expectAccessible,
  launchBrowser,
  newAccount,
  openPage,
  outboxMail,
  screenshot,
  signUp,
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

/** yyyy-mm-dd 14 years ago. */
const fourteenYearsAgo = () => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - 14);
  return d.toISOString().slice(0, 10);
};

describe("a 14-year-old's registration with a parent's confirmation", () => {
  it('asks for a parent, mails them, and marketing is on once the parent follows the link', async () => {
    const { page, context, errors } = await openPage(browser, server.url, { viewport: DESKTOP });
    const account = newAccount('kid');
    const parentMail = `parent-${account.email}`;

    await signUp(page, account);
    await page.goto('/login/registration');
    await page.getByRole('heading', { level: 1, name: 'Profil erstellen' }).waitFor();
    await page.getByLabel('Geburtstag:').fill(fourteenYearsAgo());
    await page.getByRole('checkbox', { name: /Ich akzeptiere/ }).check();
    await page.getByRole('checkbox', { name: /Neuigkeiten und Aktionen/ }).check();
    // Under 16: the parent's address is asked, and the form waits for it.
    await page.getByText(/Du bist jünger als 16/).waitFor();
    expect(await page.getByRole('button', { name: 'Jetzt Registrieren!' }).isDisabled()).toBe(true);
    await page.getByLabel('*eMail deiner Eltern:').fill(parentMail);
    await expectAccessible(page, 'registration asking for a parent');
    await screenshot(page, 'minors-registration');
    await page.getByRole('button', { name: 'Jetzt Registrieren!' }).click();
    await page.waitForURL(/\/profile\/[0-9a-f-]{36}$/);

    // Until the parent confirms, marketing stays off and the settings say so.
    await page.goto('/settings');
    await page
      .getByText(
        `Wartet auf die Bestätigung deiner Eltern (${parentMail}). Bis dahin bleiben Marketing Mails aus.`,
      )
      .waitFor();
    await expectAccessible(page, 'settings waiting for the parent');

    // The parent's mail (German: the player's language) names the player and carries the link.
    const mail = await outboxMail(server, parentMail);
    expect(mail.subject).toContain('Bitte bestätige');
    expect(mail.text).toContain(account.nickname);
    const [link] = mail.links;
    expect(link).toMatch(/\/api\/marketing\/parent-confirm\?token=/);
    const parent = await openPage(browser, server.url, { viewport: DESKTOP });
    await parent.page.goto(link!);
    await parent.page.getByRole('heading', { level: 1, name: 'Einwilligung der Eltern' }).waitFor();
    await parent.page.getByText(new RegExp(`${account.nickname} möchte Neuigkeiten`)).waitFor();
    await parent.page.getByRole('button', { name: 'Ich willige ein' }).click();
    await parent.page.getByText(/Danke! Deine Einwilligung ist gespeichert/).waitFor();
    await screenshot(parent.page, 'minors-parent-confirmed');
    await parent.context.close();

    // The player sees marketing confirmed in the settings.
    await page.goto('/settings');
    await page.getByText('Marketing Mails sind bestätigt.').waitFor();
    expect(await page.getByRole('checkbox', { name: /Neuigkeiten und Aktionen/ }).isChecked()).toBe(
      true,
    );
    expect(await page.getByText(/Wartet auf die Bestätigung deiner Eltern/).count()).toBe(0);
    await screenshot(page, 'minors-settings-confirmed');
    expect(errors).toEqual([]);
    await context.close();
  });
});
