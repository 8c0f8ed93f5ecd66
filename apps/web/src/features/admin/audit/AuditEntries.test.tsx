import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { server } from '../../../testing/api';
import { adminHandlers } from '../../../testing/admin-api';
import { adminArcade, auditEntry, operator } from '../../../testing/admin-factories';
import { ME, NOVA } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';
import { signedInStore } from '../../../testing/store';
import { Component as AdminConsole } from '../AdminConsole';
import { fieldsOf, itemOf, lastQuery, loadAuditSection } from './testing';

/** The audit log's entries as an operator reads them, in German and English (AuditEntryCard). */

// The section's code loads lazily on first use; load it once here, not inside the first test.
beforeAll(loadAuditSection);

/**
 * The filter's status line. The list's loading spinner is a status too, shown while the filtered
 * list loads, so `getByRole('status')` found two or one depending on the mock's timing.
 */
const filterStatus = () => {
  const line = screen.getAllByRole('status').find((element) => element.tagName === 'P');
  if (!line) throw new Error('no filter status line');
  return line;
};

describe('/admin/audit: entries an operator reads', () => {
  const ARTICLE = '9b2f0c1e-0d4e-4c57-9a0e-6f1d2c3b4a59';
  const GAME = '5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
  const suspended = auditEntry({
    id: 20,
    action: 'user.suspend',
    targetType: 'user',
    targetId: NOVA,
    arcadeId: null,
    before: { suspendedAt: null },
    after: {
      suspendedAt: '2026-07-04T20:30:00.000Z',
      reason: 'Beleidigt andere',
      leftDevice: 'berlin;arena-1',
    },
    names: {
      [`user:${ME}`]: { name: 'Me', deleted: false },
      [`user:${NOVA}`]: { name: 'Nova', deleted: false },
      'device:berlin;arena-1': { name: 'Arena 1', deleted: false },
    },
  });
  const article = auditEntry({
    id: 19,
    action: 'news.update',
    targetType: 'news',
    targetId: ARTICLE,
    arcadeId: null,
    before: {
      id: ARTICLE,
      slug: 'sommerfest',
      status: 'published',
      publishAt: '2026-06-01T10:00:00.000Z',
      titles: { de: 'Sommerfest', en: 'Summer party' },
      headerAssetId: null,
      translations: {
        de: { title: 'Sommerfest', abstract: 'Kurz', markdown: 'Text' },
        en: { title: 'Summer party', abstract: 'Short', markdown: 'Text' },
      },
    },
    after: {
      id: ARTICLE,
      slug: 'sommerfest',
      status: 'unpublished',
      publishAt: '2026-06-01T10:00:00.000Z',
      titles: { de: 'Sommerfest 2026', en: 'Summer party' },
      headerAssetId: null,
      translations: {
        de: { title: 'Sommerfest 2026', abstract: 'Kurz', markdown: 'Text' },
        en: { title: 'Summer party', abstract: 'Short', markdown: 'Text' },
      },
    },
    names: {
      [`user:${ME}`]: { name: 'Me', deleted: false },
      [`news:${ARTICLE}`]: {
        name: 'Sommerfest 2026',
        names: { de: 'Sommerfest 2026', en: 'Summer party' },
        deleted: true,
      },
    },
  });
  const kickOfDeleted = auditEntry({
    id: 18,
    action: 'device.kick',
    targetType: 'device',
    targetId: 'berlin;arena-1',
    actorUserId: null,
    actorLabel: 'deleted player',
    before: null,
    after: null,
    names: {
      'device:berlin;arena-1': { name: 'Arena 1', deleted: false },
      'arcade:berlin': { name: 'Arcadia Berlin', deleted: false },
    },
  });
  const roleOfDeleted = auditEntry({
    id: 17,
    action: 'user.role',
    targetType: 'user',
    targetId: 'deleted',
    arcadeId: null,
    before: null,
    after: null,
    names: {
      [`user:${ME}`]: { name: 'Me', deleted: false },
      'user:deleted': { name: null, deleted: true },
    },
  });
  const voided = auditEntry({
    id: 16,
    action: 'game.void',
    targetType: 'game',
    targetId: GAME,
    before: { voidedAt: null, voidReason: null },
    after: { voidedAt: '2026-11-26T12:05:00.000Z', voidReason: 'Gerät defekt' },
    names: {
      [`user:${ME}`]: { name: 'Me', deleted: false },
      [`game:${GAME}`]: { name: 'Arena 1', at: '2026-11-26T11:40:00.000Z', deleted: false },
      'arcade:berlin': { name: 'Arcadia Berlin', deleted: false },
    },
  });
  // An action and a target this console does not know yet, with values of every shape.
  const unknown = auditEntry({
    id: 15,
    action: 'arcade.paint',
    targetType: 'wall',
    targetId: 'north',
    before: 'white',
    after: { colour: 'rot', paintedAt: '2026-11-26T12:00:00.000Z', glossy: true, coats: [1, 2] },
    names: { [`user:${ME}`]: { name: 'Me', deleted: false } },
  });

  async function renderEntries(
    lang: 'de' | 'en' = 'de',
    entries = [suspended, article, kickOfDeleted, roleOfDeleted, voided, unknown],
  ) {
    server.use(
      adminHandlers.getOperator({ body: operator() }),
      adminHandlers.getAdminArcades({ body: { arcades: [adminArcade()] } }),
      adminHandlers.getAudit({ body: { entries, next: null } }),
    );
    const store = await signedInStore();
    const view = await renderApp([{ path: '/admin/*', Component: AdminConsole }], {
      path: '/admin/audit?arcade=berlin',
      store,
      lang,
    });
    await screen.findByRole(
      'heading',
      { name: lang === 'de' ? 'Protokoll' : 'Audit log' },
      {
        timeout: 10_000,
      },
    );
    return view;
  }

  it('in German: names, venue times, translated values, deleted players without a name', async () => {
    await renderEntries('de');
    const player = itemOf(await screen.findByRole('heading', { name: 'Me hat Nova gesperrt.' }));
    expect(fieldsOf(player)).toEqual([
      'Gesperrt seit: – → 04.07.2026, 22:30',
      'Grund: Beleidigt andere',
      'Vom Gerät genommen: Arena 1',
    ]);
    const news = itemOf(
      screen.getByRole('heading', {
        name: 'Me hat den Artikel „Sommerfest 2026“ (gelöscht) geändert.',
      }),
    );
    expect(fieldsOf(news)).toEqual([
      'Status: Veröffentlicht → Zurückgezogen',
      'Titel (Deutsch): Sommerfest → Sommerfest 2026',
    ]);
    expect(
      screen.getByRole('heading', {
        name: 'Ein gelöschtes Profil hat einen inzwischen gelöschten Spieler vom Gerät Arena 1 abgemeldet.',
      }),
    ).toBeVisible();
    expect(
      screen.getByRole('heading', {
        name: 'Me hat die Rolle eines inzwischen gelöschten Spielers geändert.',
      }),
    ).toBeVisible();
    const game = itemOf(
      screen.getByRole('heading', {
        name: 'Me hat das Spiel vom 26.11.2026, 12:40 an Arena 1 annulliert.',
      }),
    );
    expect(fieldsOf(game)).toEqual([
      'Annulliert am: – → 26.11.2026, 13:05',
      'Grund: – → Gerät defekt',
    ]);
    const other = itemOf(screen.getByRole('heading', { name: 'Me: arcade.paint (wall north)' }));
    expect(fieldsOf(other)).toEqual([
      'Wert: white',
      'colour: rot',
      'paintedAt: 26.11.2026, 13:00',
      'glossy: Ja',
      'coats: 1, 2',
    ]);
    // No raw value in English, no id of a player or an article anywhere.
    const page = document.body.textContent ?? '';
    for (const raw of ['published', 'unpublished', 'deleted player', NOVA, ARTICLE, GAME])
      expect(page).not.toContain(raw);
  });

  it('in English, with the same names and the English labels', async () => {
    await renderEntries('en');
    const player = itemOf(await screen.findByRole('heading', { name: 'Me suspended Nova.' }));
    expect(fieldsOf(player)).toEqual([
      'Suspended since: – → Jul 4, 2026, 10:30 PM',
      'Reason: Beleidigt andere',
      'Taken off the device: Arena 1',
    ]);
    const news = itemOf(
      screen.getByRole('heading', {
        name: 'Me changed the article “Summer party” (deleted).',
      }),
    );
    expect(fieldsOf(news)).toEqual([
      'Status: Published → Unpublished',
      'Title (German): Sommerfest → Sommerfest 2026',
    ]);
    expect(
      screen.getByRole('heading', {
        name: 'A deleted profile took a since deleted player off the device Arena 1.',
      }),
    ).toBeVisible();
    expect(
      screen.getByRole('heading', { name: 'Me changed the role of a since deleted player.' }),
    ).toBeVisible();
    const game = itemOf(
      screen.getByRole('heading', {
        name: 'Me voided the game of Nov 26, 2026, 12:40 PM on Arena 1.',
      }),
    );
    expect(fieldsOf(game)).toEqual([
      'Voided on: – → Nov 26, 2026, 1:05 PM',
      'Reason: – → Gerät defekt',
    ]);
    expect(fieldsOf(itemOf(screen.getByRole('heading', { name: /^Me: arcade.paint/ })))).toContain(
      'glossy: Yes',
    );
  });

  it('only a target the log can name has a filter button: not a visit, a signing key or an unknown kind', async () => {
    const VISIT = '7c0d1e2f-3a4b-4c5d-8e6f-708192a3b4c5';
    const entries = [
      auditEntry({
        id: 22,
        action: 'visit.create',
        targetType: 'visit',
        targetId: VISIT,
        after: { userId: NOVA, visitedAt: '2026-11-26T12:00:00.000Z' },
        names: {
          [`user:${ME}`]: { name: 'Me', deleted: false },
          [`user:${NOVA}`]: { name: 'Nova', deleted: false },
          'arcade:berlin': { name: 'Arcadia Berlin', deleted: false },
        },
      }),
      auditEntry({
        id: 21,
        action: 'signing_key.rotate',
        targetType: 'signing_key',
        targetId: 'kP3v9XqL0wR2',
        actorUserId: null,
        actorLabel: 'cli',
        arcadeId: null,
        before: null,
        after: { current: 'kP3v9XqL0wR2', retired: [], removed: [] },
        names: {},
      }),
      unknown,
      suspended,
    ];
    await renderEntries('de', entries);
    const visit = itemOf(
      await screen.findByRole('heading', { name: 'Me hat einen Besuch von Nova eingetragen.' }),
    );
    expect(within(visit).getByRole('button', { name: 'Nur Einträge von Me zeigen' })).toBeVisible();
    const key = itemOf(
      screen.getByRole('heading', {
        name: 'Die Kommandozeile hat den Signaturschlüssel gewechselt.',
      }),
    );
    const other = itemOf(screen.getByRole('heading', { name: 'Me: arcade.paint (wall north)' }));
    for (const entry of [visit, key, other])
      expect(within(entry).queryByRole('button', { name: /^Nur Einträge zu/ })).toBeNull();
    expect(within(key).queryByText('Filtern:')).toBeNull();
    expect(visit).not.toHaveTextContent('unbekannt');
    // What the log names keeps its button.
    const player = itemOf(screen.getByRole('heading', { name: 'Me hat Nova gesperrt.' }));
    expect(
      within(player).getByRole('button', { name: 'Nur Einträge zu Nova zeigen' }),
    ).toBeVisible();
  });

  it('a target’s history is one tap away', async () => {
    const { user } = await renderEntries('de');
    await user.click(await screen.findByRole('button', { name: 'Nur Einträge zu Nova zeigen' }));
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery())).toEqual({ targetType: 'user', targetId: NOVA }),
    );
    expect(screen.getByLabelText('Kennung des Ziels')).toHaveValue(NOVA);
    const status = filterStatus();
    expect(status).toHaveTextContent('Gezeigt werden nur Einträge zu Nova.');
    await waitFor(() => expect(status).toHaveFocus());

    // Then by whom: the status names both.
    await user.click(
      (await screen.findAllByRole('button', { name: 'Nur Einträge von Me zeigen' }))[0]!,
    );
    await waitFor(() => expect(lastQuery().get('actor')).toBe(ME));
    expect(status).toHaveTextContent('Gezeigt werden nur Einträge von Me zu Nova.');
    await waitFor(() => expect(status).toHaveFocus());
  });

  it('in English the status says what is filtered, too', async () => {
    const { user } = await renderEntries('en');
    await user.click(await screen.findByRole('button', { name: 'Show only entries about Nova' }));
    const status = filterStatus();
    await waitFor(() => expect(status).toHaveTextContent('Showing only entries about Nova.'));
    await waitFor(() => expect(status).toHaveFocus());
  });
});
