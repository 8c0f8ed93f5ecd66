import path from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OwnProfile } from '@arcadia/contracts';
import { mergeTranslations } from '../../../build/i18n-plugin';
import { changeLanguage, initI18n } from '../../lib/i18n';
import { apiCalls, apiError, handlers, server } from '../../testing/api';
import { neo } from '../../testing/factories';
import { renderApp } from '../../testing/render-app';
import { signedInStore } from '../../testing/store';
import { Component as SettingsPage } from './SettingsPage';

const srcDir = path.resolve(import.meta.dirname, '../..');

/** The marketing mail card on /settings: double opt-in (docs/privacy.md). */
describe('Settings: marketing mails', () => {
  let me: OwnProfile;

  beforeEach(async () => {
    localStorage.clear();
    me = neo();
    server.use(
      handlers.getLanguageFile(({ params }) => {
        const lang = /^(de|en)\.json$/.exec(params.file ?? '')?.[1];
        return lang ? { body: mergeTranslations(srcDir, lang) } : apiError(404, 'not_found', 'no');
      }),
      handlers.getMe(() => ({ body: me })),
      handlers.updateOwnProfile(({ body }) => {
        const { marketingConsent: ask, parentMail } = body as {
          marketingConsent?: boolean;
          parentMail?: string;
        };
        // The server's rule: ticking asks for confirmation (a parent's under 16), unticking
        // withdraws.
        me = {
          ...me,
          marketingConsent: false,
          marketingPending: ask === true && !parentMail,
          marketingAwaitsParent: ask === true && parentMail ? parentMail : null,
        };
        return { body: me };
      }),
    );
    Object.defineProperty(navigator, 'languages', { value: ['de-DE'], configurable: true });
    await initI18n();
  });
  afterEach(async () => {
    await changeLanguage('de');
  });

  const render = async (path = '/settings') =>
    renderApp([{ path: '*', Component: SettingsPage }], {
      path,
      store: await signedInStore(me, { sub: 'sub-1' }),
      i18n: i18next,
    });

  it('ticking asks for confirmation by mail and says so', async () => {
    const { user } = await render();
    const box = await screen.findByRole('checkbox', { name: /Neuigkeiten und Aktionen/ });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(
      await screen.findByText('Bitte bestätige die Anmeldung über den Link in deiner E-Mail.'),
    ).toBeVisible();
    expect(apiCalls.find((c) => c.method === 'PATCH')).toMatchObject({
      body: { marketingConsent: true },
    });
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: /Neuigkeiten und Aktionen/ })).toBeChecked(),
    );
  });

  it('the box keeps the keyboard focus while the choice is saved', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      handlers.updateOwnProfile(() => {
        me = { ...me, marketingConsent: false, marketingPending: true };
        return { body: me, wait: held };
      }),
    );
    const { user } = await render();
    const box = await screen.findByRole('checkbox', { name: /Neuigkeiten und Aktionen/ });
    box.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(box).toHaveAttribute('aria-disabled', 'true'));
    // Not `disabled`, which drops the focus to the page; a second press changes nothing.
    expect(box).toBeEnabled();
    expect(box).toHaveFocus();
    await user.keyboard(' ');
    release();
    expect(
      await screen.findByText('Bitte bestätige die Anmeldung über den Link in deiner E-Mail.'),
    ).toBeVisible();
    expect(box).toHaveFocus();
    expect(box).toBeChecked();
    expect(apiCalls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });

  it('unticking a confirmed consent withdraws it', async () => {
    me = neo({ marketingConsent: true });
    const { user } = await render();
    const box = await screen.findByRole('checkbox', { name: /Neuigkeiten und Aktionen/ });
    expect(box).toBeChecked();
    await user.click(box);
    await waitFor(() =>
      expect(apiCalls.find((c) => c.method === 'PATCH')).toMatchObject({
        body: { marketingConsent: false },
      }),
    );
  });

  it('says what the link of the mail did (?marketing=confirmed)', async () => {
    me = neo({ marketingConsent: true });
    await render('/settings?marketing=confirmed');
    expect(
      await screen.findByText('Danke! Deine Anmeldung für Marketing Mails ist bestätigt.'),
    ).toBeVisible();
  });

  it('in English too', async () => {
    me = neo({ marketingPending: true });
    await changeLanguage('en');
    await render();
    expect(
      await screen.findByText('Please confirm the sign-up with the link in your e-mail.'),
    ).toBeVisible();
  });

  describe('under 16 (the birthday decides)', () => {
    const fourteen = () => {
      const d = new Date();
      d.setUTCFullYear(d.getUTCFullYear() - 14);
      return d.toISOString().slice(0, 10);
    };

    it("ticking asks for a parent's address, then says it waits for the parent", async () => {
      me = neo({ birthday: fourteen() });
      const { user } = await render();
      const box = await screen.findByRole('checkbox', { name: /Neuigkeiten und Aktionen/ });
      await user.click(box);
      // Nothing is sent before the parent's address is given.
      expect(apiCalls.filter((c) => c.method === 'PATCH')).toEqual([]);
      expect(screen.getByText(/Du bist jünger als 16/)).toBeVisible();
      const field = screen.getByLabelText('eMail deiner Eltern');
      await user.click(screen.getByRole('button', { name: 'Link an meine Eltern senden' }));
      expect(field).toHaveAccessibleDescription('Bitte gib die eMail-Adresse deiner Eltern ein.');
      await user.type(field, 'neo@example.org');
      expect(field).toHaveAccessibleDescription(
        'Bitte gib die Adresse deiner Eltern ein, nicht deine eigene.',
      );
      await user.clear(field);
      await user.type(field, 'Mum@Example.org');
      screen.getByRole('button', { name: 'Link an meine Eltern senden' }).focus();
      await user.keyboard('{Enter}');
      expect(
        await screen.findByText(
          'Wartet auf die Bestätigung deiner Eltern (mum@example.org). Bis dahin bleiben Marketing Mails aus.',
        ),
      ).toBeVisible();
      expect(apiCalls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
        { marketingConsent: true, parentMail: 'mum@example.org' },
      ]);
      expect(screen.queryByLabelText('eMail deiner Eltern')).toBeNull();
      expect(screen.getByRole('checkbox', { name: /Neuigkeiten und Aktionen/ })).toBeChecked();
      // The form gave way: the focus is back on the box, not on the page.
      expect(box).toHaveFocus();
    });

    it("'Link an meine Eltern senden' keeps the keyboard focus while it sends, and after a failure", async () => {
      me = neo({ birthday: fourteen() });
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      server.use(handlers.updateOwnProfile({ ...apiError(500, 'internal', 'x'), wait: held }));
      const { user } = await render();
      await user.click(await screen.findByRole('checkbox', { name: /Neuigkeiten und Aktionen/ }));
      const field = screen.getByLabelText('eMail deiner Eltern');
      await user.type(field, 'mum@example.org');
      const send = screen.getByRole('button', { name: 'Link an meine Eltern senden' });
      send.focus();
      await user.keyboard('{Enter}');
      const patches = () => apiCalls.filter((c) => c.method === 'PATCH');
      await waitFor(() => expect(patches()).toHaveLength(1));
      // Not `disabled`, which drops the focus to the page; a second press sends nothing, nor
      // does Enter in the field.
      expect(send).toHaveFocus();
      expect(send).toBeEnabled();
      expect(send).toHaveAttribute('aria-disabled', 'true');
      expect(send).toHaveAttribute('aria-busy', 'true');
      await user.keyboard('{Enter}');
      await user.type(field, '{Enter}');
      send.focus();
      release();
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Die Einstellung konnte nicht gespeichert werden.',
      );
      expect(send).not.toHaveAttribute('aria-disabled');
      expect(send).toHaveFocus();
      expect(patches()).toHaveLength(1);
    });

    it('cancelling sends nothing and unticks', async () => {
      me = neo({ birthday: fourteen() });
      const { user } = await render();
      await user.click(await screen.findByRole('checkbox', { name: /Neuigkeiten und Aktionen/ }));
      await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
      expect(screen.queryByLabelText('eMail deiner Eltern')).toBeNull();
      expect(screen.getByRole('checkbox', { name: /Neuigkeiten und Aktionen/ })).not.toBeChecked();
      expect(screen.getByRole('checkbox', { name: /Neuigkeiten und Aktionen/ })).toHaveFocus();
      expect(apiCalls.filter((c) => c.method === 'PATCH')).toEqual([]);
    });

    it('confirmed by the parent: on; an unproven address gets nothing yet and says so', async () => {
      me = neo({ birthday: fourteen(), marketingConsent: true, mailVerified: false });
      await render();
      expect(await screen.findByText('Marketing Mails sind bestätigt.')).toBeVisible();
      expect(screen.getByText(/Marketing Mails gehen nur an bestätigte Adressen/)).toBeVisible();
      expect(screen.getByRole('checkbox', { name: /Neuigkeiten und Aktionen/ })).toBeChecked();
    });

    it('in English too', async () => {
      me = neo({ birthday: fourteen(), marketingAwaitsParent: 'mum@example.org' });
      await changeLanguage('en');
      await render();
      expect(
        await screen.findByText(
          "Waiting for your parent's confirmation (mum@example.org). Until then marketing mails stay off.",
        ),
      ).toBeVisible();
    });
  });
});
