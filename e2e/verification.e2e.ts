/**
 * A new player confirms their e-mail address (issue 17), in Chromium against the real server:
 * signs up at the embedded provider, which mails a confirmation link; the settings say the
 * address is not confirmed yet and can send the mail again; the player opens the link from the
 * outbox, the provider's page thanks them, and the settings say "E-Mail bestätigt". The link
 * works once.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  launchBrowser,
  MOBILE,
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

describe('e-mail verification journey', () => {
  it('signs up, confirms the address from the mail, and the settings say so', async () => {
    const { page, context, errors } = await openPage(browser, server.url, { viewport: MOBILE });
    const account = newAccount('vf');

    await signUp(page, account);
    await page.goto('/login/registration');
    await page.getByRole('heading', { level: 1, name: 'Profil erstellen' }).waitFor();
    await page.getByRole('checkbox', { name: /Ich akzeptiere/ }).check();
    await page.getByRole('button', { name: 'Jetzt Registrieren!' }).click();
    await page.waitForURL(/\/profile\/[0-9a-f-]{36}$/);

    // Not confirmed yet: the settings say so and offer the mail again.
    await page.goto('/settings');
    await page.getByText('E-Mail nicht bestätigt', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Bestätigungsmail erneut senden' }).click();
    await page.getByText(/Bestätigungsmail gesendet/).waitFor();
    await expectAccessible(page, 'settings with an unconfirmed address');

    // The mail of the sign-up carries the link; the provider's page confirms.
    const mail = await outboxMail(
      server,
      account.email,
      (m) => m.subject === 'Bestätige deine E-Mail-Adresse für Arcadia',
    );
    const link = mail.links.find((l) => l.includes('/oidc/verify?token='));
    expect(link).toBeDefined();
    await page.goto(link!);
    // Opening the link only asks (mail scanners open links too); the button confirms.
    await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
    await page.getByText('Danke! Deine E-Mail-Adresse ist jetzt bestätigt.').waitFor();
    await screenshot(page, 'verification-confirmed');

    await page.goto('/settings');
    await page.getByText('E-Mail bestätigt', { exact: true }).waitFor();
    await expect(
      page.getByRole('button', { name: 'Bestätigungsmail erneut senden' }).count(),
    ).resolves.toBe(0);

    // The link works once.
    await page.goto(link!);
    await page.getByText(/Dieser Bestätigungslink ist ungültig/).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});
