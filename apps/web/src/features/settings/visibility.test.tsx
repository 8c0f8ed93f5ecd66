import path from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OwnProfile } from '@arcadia/contracts';
import { mergeTranslations } from '../../../build/i18n-plugin';
import { changeLanguage, initI18n } from '../../lib/i18n';
import { apiCalls, apiError, deferred, handlers, server } from '../../testing/api';
import { neo } from '../../testing/factories';
import { renderApp } from '../../testing/render-app';
import { signedInStore } from '../../testing/store';
import { Component as SettingsPage } from './SettingsPage';

const srcDir = path.resolve(import.meta.dirname, '../..');

/** The "Sichtbarkeit" card on /settings (docs/privacy.md "Visibility"). */
describe('Settings: visibility', () => {
  let me: OwnProfile;
  let fail = false;

  beforeEach(async () => {
    localStorage.clear();
    me = neo();
    fail = false;
    server.use(
      handlers.getLanguageFile(({ params }) => {
        const lang = /^(de|en)\.json$/.exec(params.file ?? '')?.[1];
        return lang ? { body: mergeTranslations(srcDir, lang) } : apiError(404, 'not_found', 'no');
      }),
      handlers.getMe(() => ({ body: me })),
      handlers.updateOwnProfile(({ body }) => {
        if (fail) return apiError(500, 'internal', 'down');
        me = { ...me, ...body };
        return { body: me };
      }),
    );
    Object.defineProperty(navigator, 'languages', { value: ['de-DE'], configurable: true });
    await initI18n();
  });
  afterEach(async () => {
    await changeLanguage('de');
  });

  const render = async () =>
    renderApp([{ path: '*', Component: SettingsPage }], {
      path: '/settings',
      store: await signedInStore(me, { sub: 'sub-1' }),
      i18n: i18next,
    });
  const patches = () => apiCalls.filter((c) => c.method === 'PATCH').map((c) => c.body);

  it('shows who sees the profile as a radio group with the current choice', async () => {
    me = neo({ profileVisibility: 'friends' });
    await render();
    const group = await screen.findByRole('group', {
      name: 'Wer sieht mein Profil und meine Spiele?',
    });
    expect(group).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Sichtbarkeit' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Alle' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Freunde' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Nur ich' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'In Ranglisten erscheinen' })).toBeChecked();
  });

  it('saves a new choice at once', async () => {
    const { user } = await render();
    const onlyMe = await screen.findByRole('radio', { name: 'Nur ich' });
    const saved = screen.getByTestId('visibility-saved');
    expect(saved).toHaveAttribute('aria-live', 'polite');
    expect(saved).toHaveTextContent('');
    await user.click(onlyMe);
    await waitFor(() => expect(patches()).toEqual([{ profileVisibility: 'private' }]));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Nur ich' })).toBeChecked());
    expect(screen.getByRole('radio', { name: 'Alle' })).not.toBeChecked();
    // Said, and announced (a live region there from the start).
    await waitFor(() => expect(saved).toHaveTextContent('Gespeichert.'));
  });

  it('the switch takes the player off the leaderboards and back', async () => {
    const { user } = await render();
    const toggle = await screen.findByRole('switch', { name: 'In Ranglisten erscheinen' });
    expect(toggle).toHaveAccessibleDescription(
      'Dein Name und deine Werte stehen in den Ranglisten, für alle sichtbar, auch wenn nur du oder deine Freunde dein Profil sehen.',
    );
    await user.click(toggle);
    // The switch shows the choice at once and is aria-disabled (a press ignored) while it is
    // saved: wait for the save, or the second press below can land while it still runs.
    await waitFor(() => {
      const saved = screen.getByRole('switch', { name: 'In Ranglisten erscheinen' });
      expect(saved).not.toBeChecked();
      expect(saved).not.toHaveAttribute('aria-disabled');
    });
    expect(patches()).toEqual([{ leaderboardVisible: false }]);
    // What the switch does, in either position: the boards are apart from "Nur ich".
    expect(
      screen.getByRole('switch', { name: 'In Ranglisten erscheinen' }),
    ).toHaveAccessibleDescription(
      'Niemand sonst sieht dich in den Ranglisten. Deinen eigenen Platz siehst du weiterhin.',
    );
    await user.click(screen.getByRole('switch', { name: 'In Ranglisten erscheinen' }));
    await waitFor(() =>
      expect(patches()).toEqual([{ leaderboardVisible: false }, { leaderboardVisible: true }]),
    );
  });

  it('the switch and the choices keep the keyboard focus while a change is saved', async () => {
    const answer = deferred();
    server.use(
      handlers.updateOwnProfile(({ body }) => {
        me = { ...me, ...body };
        return { body: me, wait: answer.promise };
      }),
    );
    const { user } = await render();
    const toggle = await screen.findByRole('switch', { name: 'In Ranglisten erscheinen' });
    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(patches()).toEqual([{ leaderboardVisible: false }]));
    // Saving: said to be unavailable, but not `disabled`, which drops the focus to the page.
    expect(toggle).toHaveAttribute('aria-disabled', 'true');
    expect(toggle).toBeEnabled();
    expect(toggle).toHaveFocus();
    await user.keyboard(' '); // ignored while saving
    const friends = screen.getByRole('radio', { name: 'Freunde' });
    expect(friends).toBeEnabled();
    answer.resolve();
    await waitFor(() => expect(toggle).not.toHaveAttribute('aria-disabled'));
    expect(toggle).toHaveFocus();
    expect(toggle).not.toBeChecked();
    expect(patches()).toEqual([{ leaderboardVisible: false }]);
  });

  it('says so when the setting could not be saved', async () => {
    fail = true;
    const { user } = await render();
    await user.click(await screen.findByRole('radio', { name: 'Freunde' }));
    expect(
      await screen.findByText(
        'Die Einstellung konnte nicht gespeichert werden. Bitte versuche es später erneut.',
      ),
    ).toBeVisible();
    expect(screen.getByTestId('visibility-saved')).toHaveTextContent('');
  });

  it('in English too', async () => {
    await changeLanguage('en');
    await render();
    expect(await screen.findByRole('radio', { name: 'Everyone' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Friends' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Only me' })).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Appear on leaderboards' })).toBeChecked();
  });
});
