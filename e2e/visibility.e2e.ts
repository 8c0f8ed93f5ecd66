/**
 * Visibility (issue 17, docs/privacy.md "Visibility") in Chromium against the real server, three
 * players in their own browsers: Vera adds Fred as a friend and plays a game with Sam; in the
 * settings she switches "Sichtbarkeit" to "Freunde". Sam (not on her list) then sees "Nur für
 * Freunde sichtbar" on her profile, does not find her in search, and sees her as 'Spieler'
 * without a link on the match page; Fred, her friend, sees her profile; Vera still sees her own
 * name in the game.
 */
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../apps/server/src/db/schema';
import { startPlaying } from '../apps/server/src/features/play/service';
import { DeviceClient } from '../tools/device-sim/src/index';
import { createArcadeDevice } from './fixtures/arcade';
import { registerPlayer } from './fixtures/players';
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

/** A player in a browser of their own, registered. */
async function player(prefix: string, viewport: typeof DESKTOP | typeof MOBILE = DESKTOP) {
  const { page, errors } = await openPage(browser, server.url, { viewport });
  const registered = await registerPlayer(page, prefix);
  return { page, errors, ...registered };
}

/** Types the term into the header's player search (opening it first on a phone). */
async function search(page: Page, term: string) {
  const open = page.getByRole('button', { name: 'Suche öffnen' });
  if (await open.isVisible()) await open.click();
  await page.getByRole('searchbox', { name: 'Spieler suchen' }).fill(term);
}

/** The rows' player names of the match page's tables. */
const seatNames = (page: Page) => page.getByRole('main').getByRole('rowheader').allTextContents();

describe('visibility journey', () => {
  it('switches to friends-only: a non-friend sees the notice and "Spieler", a friend the profile', async () => {
    const vera = await player('vera');
    const fred = await player('fred');
    const sam = await player('sam', MOBILE);

    // Vera adds Fred (her list decides who counts as her friend).
    await vera.page.goto(`/profile/${fred.id}`);
    await vera.page.getByRole('button', { name: 'Add Friend' }).click();
    await vera.page.getByText('Friend added', { exact: true }).waitFor();

    // Vera and Sam play a game.
    const device = await createArcadeDevice(server, 'e2e-visibility', 'Visibility Arena');
    const client = new DeviceClient({
      url: server.url,
      arcade: device.arcade,
      device: device.id,
      key: device.key,
    });
    await client.heartbeat();
    // Both join the device, as scanning its code does.
    for (const p of [vera, sam]) {
      const [row] = await server.app.db
        .select({ sub: users.identitySub })
        .from(users)
        .where(eq(users.id, p.id));
      await startPlaying(server.app.db, row!.sub!, device.arcade, device.id);
    }
    const { game } = await client.report({
      idempotencyKey: `e2e-visibility-${Date.now()}`,
      type: 'freeforall',
      mapId: (await client.maps())[0]!.id,
      durationSeconds: 300,
      teams: [],
      players: [
        { userId: vera.id, teamId: null, kills: 9, deaths: 1, score: 900 },
        { userId: sam.id, teamId: null, kills: 1, deaths: 9, score: 100 },
      ],
    });

    // Before: Sam sees her by name, with a link to her profile.
    await sam.page.goto(`/game/${game.id}`);
    await sam.page.getByRole('link', { name: vera.nickname }).waitFor();

    // Vera: Einstellungen → Sichtbarkeit → Freunde, saved at once.
    await vera.page.goto('/settings');
    const card = vera.page.getByRole('group', { name: 'Wer sieht mein Profil und meine Spiele?' });
    await card.waitFor();
    await expect(card.getByRole('radio', { name: 'Alle' }).isChecked()).resolves.toBe(true);
    await expect(
      vera.page
        .getByRole('switch', { name: 'In Ranglisten erscheinen' })
        .getAttribute('aria-checked'),
    ).resolves.toBe('true');
    const saved = vera.page.waitForResponse(
      (r) => r.url().endsWith('/api/v2/user/me') && r.request().method() === 'PATCH',
    );
    await card.getByRole('radio', { name: 'Freunde' }).check();
    expect((await saved).status()).toBe(200);
    await expectAccessible(vera.page, 'settings-visibility');
    await screenshot(vera.page, 'settings-visibility');

    // Sam (not on her list): the profile says it is for friends only, not "not found".
    await sam.page.goto(`/profile/${vera.id}`);
    await sam.page.getByRole('heading', { name: 'Nur für Freunde sichtbar' }).waitFor();
    await expect(sam.page.getByText('Diesen Spieler gibt es nicht').count()).resolves.toBe(0);
    await expectAccessible(sam.page, 'profile-friends-only');
    await screenshot(sam.page, 'profile-friends-only');

    // Search does not find her for Sam; it does for Fred.
    await search(sam.page, vera.nickname);
    await sam.page.getByText(`Kein Spieler gefunden für „${vera.nickname}“.`).waitFor();
    await search(fred.page, vera.nickname);
    await fred.page.getByText('Suchergebnis:').waitFor({ timeout: 10_000 });
    await fred.page.getByRole('link', { name: vera.nickname, exact: true }).waitFor();

    // The match page: 'Verborgener Spieler' without a link, her name nowhere.
    await sam.page.goto(`/game/${game.id}`);
    await sam.page.getByRole('table').first().waitFor();
    await expect
      .poll(() => seatNames(sam.page), { timeout: 10_000 })
      .toEqual(['Verborgener Spieler', sam.nickname]);
    await expect(sam.page.getByRole('link', { name: vera.nickname }).count()).resolves.toBe(0);
    await expect(sam.page.getByRole('main').textContent()).resolves.not.toContain(vera.nickname);
    await screenshot(sam.page, 'match-hidden-player');

    // Fred, on her list, sees her profile.
    await fred.page.goto(`/profile/${vera.id}`);
    await fred.page.getByRole('heading', { name: vera.nickname }).waitFor();
    await expect(fred.page.getByText('Nur für Freunde sichtbar').count()).resolves.toBe(0);

    // Vera herself still sees her own name in the game.
    await vera.page.goto(`/game/${game.id}`);
    await vera.page.getByRole('table').first().waitFor();
    await expect
      .poll(() => seatNames(vera.page), { timeout: 10_000 })
      .toEqual([vera.nickname, sam.nickname]);

    for (const p of [vera, fred, sam]) expect(p.errors).toEqual([]);
  });
});
