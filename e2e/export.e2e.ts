/**
 * A player takes their data home (issue 17, DSGVO Art. 15/20), in Chromium against the real
 * server: signs up at the identity provider, registers (with marketing mails), adds a demo player
 * as a friend, downloads "Meine Daten" in settings and reads the file — profile, the account's
 * e-mail, consents with their time, the friend — then the readable summary, and finds the
 * download again in the delete dialog, whose texts are unchanged; cancelling deletes nothing.
 */
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  expectAccessible,
  launchBrowser,
  newAccount,
  openPage,
  outboxLink,
  overlaysClosed,
  screenshot,
  signUp,
  startServer,
  type E2eServer,
} from './support';

/** A demo player the seed creates (apps/server/src/seed/players.ts). */
const FRIEND = 'NeonNova';

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

/** Clicks the button and answers the file the browser saved, with its name. */
async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: fs.readFileSync(path, 'utf8') };
}

describe('data export journey', () => {
  it('signs up, registers, downloads the data and its summary, and sees it in the delete dialog', async () => {
    const { page, context, errors } = await openPage(browser, server.url, { viewport: DESKTOP });
    const account = newAccount('ex');
    const startedAt = Date.now();

    await signUp(page, account);
    await page.goto('/login/registration');
    await page.getByRole('heading', { level: 1, name: 'Profil erstellen' }).waitFor();
    await page.getByRole('checkbox', { name: /Ich akzeptiere/ }).check();
    await page.getByRole('checkbox', { name: /Neuigkeiten und Aktionen/ }).check();
    await page.getByRole('button', { name: 'Jetzt Registrieren!' }).click();
    await page.waitForURL(/\/profile\/[0-9a-f-]{36}$/);
    const profileId = new URL(page.url()).pathname.split('/').at(-1);

    // Double opt-in (UWG §7): the tick consents to nothing yet; the mail's link does.
    const confirm = await outboxLink(server, account.email, `${server.url}/api/marketing/confirm?`);
    await page.goto(confirm);
    await page.getByRole('button', { name: 'Ja, Mails bekommen' }).click();
    await page.waitForURL(/\/settings\?marketing=confirmed$/);

    // A friend, so the export has one.
    await page.getByRole('button', { name: 'Suche öffnen' }).click();
    await page.getByRole('searchbox', { name: 'Spieler suchen' }).fill(FRIEND);
    await page.getByRole('link', { name: FRIEND, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: FRIEND }).waitFor();
    await page.getByRole('button', { name: 'Add Friend' }).click();
    await page.getByText('Friend added', { exact: true }).waitFor();

    // Settings: the card explains the download; the JSON file holds the player's data.
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Meine Daten' }).waitFor();
    await expectAccessible(page, 'settings with the data download');
    await screenshot(page, 'export-settings');
    const json = await download(page, () =>
      page.getByRole('button', { name: 'Meine Daten herunterladen' }).click(),
    );
    expect(json.name).toMatch(/^arcadia-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(json.text);
    expect(data.format).toBe('arcadia-data-export/1');
    expect(data.profile).toMatchObject({ id: profileId, userName: account.nickname });
    expect(data.account).toMatchObject({ email: account.email, nickname: account.nickname });
    expect(data.account.signIns.length).toBeGreaterThan(0);
    expect(data.consents.marketingMails).toBe(true);
    expect(data.consents.marketingEvents.map((e: { action: string }) => e.action)).toEqual([
      'requested',
      'confirmed',
    ]);
    expect(Date.parse(data.consents.termsAcceptedAt)).toBeGreaterThanOrEqual(startedAt - 60_000);
    expect(data.friends.added).toEqual([expect.objectContaining({ userName: FRIEND })]);
    expect(data.games).toEqual([]);
    expect(json.text).not.toContain(account.password);

    // The readable summary: a page in German with the same facts.
    const html = await download(page, () =>
      page.getByRole('button', { name: 'Übersicht herunterladen' }).click(),
    );
    expect(html.name).toMatch(/\.html$/);
    expect(html.text).toContain('Deine Daten bei Arcadia');
    expect(html.text).toContain(account.email);
    expect(html.text).toContain(FRIEND);

    // The delete dialog: its texts as before, and the download before deciding.
    await page.getByRole('button', { name: 'Profil löschen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profil löschen?' });
    await dialog.waitFor();
    await dialog
      .getByText(
        'Dein Profil, deine Freundesliste und deine persönlichen Daten werden endgültig gelöscht. Deine Spiele bleiben anonym in den Ranglisten der anderen. Das lässt sich nicht rückgängig machen.',
      )
      .waitFor();
    await expectAccessible(page, 'delete dialog with the data download');
    await screenshot(page, 'export-delete-dialog');
    const again = await download(page, () =>
      dialog.getByRole('button', { name: 'Meine Daten herunterladen' }).click(),
    );
    expect(JSON.parse(again.text).profile.id).toBe(profileId);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 5000 }).toBe(0);
    await overlaysClosed(page);

    // Nothing was deleted: the profile is still there.
    await page.goto(`/profile/${profileId}`);
    await page.getByRole('heading', { level: 1, name: account.nickname }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
