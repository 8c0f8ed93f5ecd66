import path from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mergeTranslations } from '../../../build/i18n-plugin';
import type { AppStore } from '../../lib/store/store';
import { getToasts } from '../../components/ui/toast-store';
import { changeLanguage, initI18n } from '../../lib/i18n';
import { apiCalls, apiError, deferred, handlers, server, type Reply } from '../../testing/api';
import { neo } from '../../testing/factories';
import { renderApp } from '../../testing/render-app';
import { signedInStore, signedOutStore } from '../../testing/store';
import { selectAuthStatus } from '../auth';
import { Component as SettingsPage } from './SettingsPage';
import {
  deleteError,
  deleteProfileSlice,
  deleteStart,
  deleteSuccess,
  hideDeleteDialog,
  initialDeleteState,
  showDeleteDialog,
} from './state/delete-slice';
import {
  initialLanguageState,
  languageLoadBegin,
  languageLoadError,
  languageLoadSuccess,
  languageSlice,
  setLanguage,
} from './state/language-slice';

const srcDir = path.resolve(import.meta.dirname, '../..');

describe('language slice (spec §4)', () => {
  const reduce = languageSlice.reducer;
  it('defaults to en in the state', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual(initialLanguageState);
    expect(initialLanguageState.language).toBe('en');
  });
  it('begin loads; success switches; error leaves the language', () => {
    let state = reduce(initialLanguageState, setLanguage({ language: 'de' }));
    state = reduce(state, languageLoadBegin('en'));
    expect(state).toMatchObject({ loading: true, language: 'de' });
    const failed = reduce(state, languageLoadError('offline'));
    expect(failed).toMatchObject({ loading: false, language: 'de', error: 'offline' });
    expect(reduce(state, languageLoadSuccess('en'))).toMatchObject({
      loading: false,
      language: 'en',
    });
  });
});

describe('delete slice (spec §4: show, hide, start, success, error)', () => {
  const reduce = deleteProfileSlice.reducer;
  it('show and hide the dialog', () => {
    const shown = reduce(initialDeleteState, showDeleteDialog());
    expect(shown.dialogOpen).toBe(true);
    expect(reduce(shown, hideDeleteDialog()).dialogOpen).toBe(false);
  });
  it('start sets deleteInProgress (the dialog cannot be hidden meanwhile)', () => {
    const started = reduce(reduce(initialDeleteState, showDeleteDialog()), deleteStart());
    expect(started).toEqual({ dialogOpen: true, deleteInProgress: true });
    expect(reduce(started, hideDeleteDialog()).dialogOpen).toBe(true);
  });
  it('success closes the dialog; error keeps it open', () => {
    const started = reduce(reduce(initialDeleteState, showDeleteDialog()), deleteStart());
    expect(reduce(started, deleteSuccess())).toEqual({
      dialogOpen: false,
      deleteInProgress: false,
    });
    expect(reduce(started, deleteError())).toEqual({ dialogOpen: true, deleteInProgress: false });
  });
});

const me = neo({ earlyAdopter: true });

describe('SettingsPage', () => {
  const calls = apiCalls;
  let deleteReply: Reply<null>;
  let failLanguage = false;

  beforeEach(async () => {
    localStorage.clear();
    deleteReply = { status: 204, body: null };
    failLanguage = false;
    server.use(
      handlers.getLanguageFile(({ params }) => {
        const lang = /^(de|en)\.json$/.exec(params.file ?? '')?.[1];
        if (!lang) return apiError(404, 'not_found', 'no');
        if (failLanguage && lang === 'en') return apiError(500, 'internal', 'no');
        return { body: mergeTranslations(srcDir, lang) };
      }),
      handlers.deleteProfile(() => deleteReply),
      handlers.updateOwnProfile(({ body }) => ({ body: { ...me, ...body } })),
    );
    // The app's real i18n: the language files come over HTTP, the choice is kept in localStorage.
    Object.defineProperty(navigator, 'languages', { value: ['de-DE'], configurable: true });
    await initI18n();
  });
  afterEach(async () => {
    await changeLanguage('de');
  });

  async function renderSettings(store: AppStore) {
    return renderApp([{ path: '*', Component: SettingsPage }], {
      path: '/settings',
      store,
      i18n: i18next,
    });
  }

  const registeredStore = () => signedInStore(me, { sub: 'sub-1' });

  it('switches to English and back: the texts change and the choice is stored', async () => {
    const { user } = await renderSettings(signedOutStore());
    const select = screen.getByRole('combobox', { name: 'Sprache der App' });
    expect(select).toHaveValue('de');
    const optionNames = () => screen.getAllByRole('option').map((o) => o.textContent);
    // Spec §1: en (Englisch) and de (Deutsch) in German; in English, the English names.
    expect(optionNames()).toEqual(['Deutsch', 'Englisch']);
    await user.selectOptions(select, 'en');
    expect(await screen.findByRole('combobox', { name: 'App language' })).toHaveValue('en');
    expect(optionNames()).toEqual(['German', 'English']);
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await user.selectOptions(screen.getByRole('combobox'), 'de');
    expect(await screen.findByRole('combobox', { name: 'Sprache der App' })).toHaveValue('de');
    expect(localStorage.getItem('language')).toBe('de');
  });

  it('the select keeps the keyboard focus while the new language loads', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      handlers.getLanguageFile(({ params }) => {
        const lang = /^(de|en)\.json$/.exec(params.file ?? '')?.[1];
        if (!lang) return apiError(404, 'not_found', 'no');
        return { body: mergeTranslations(srcDir, lang), wait: lang === 'en' ? held : undefined };
      }),
    );
    const { user } = await renderSettings(signedOutStore());
    const select = screen.getByRole('combobox', { name: 'Sprache der App' });
    select.focus();
    await user.selectOptions(select, 'en');
    // Loading: said to be unavailable, but not `disabled`, which drops the focus to the page.
    await waitFor(() => expect(select).toHaveAttribute('aria-disabled', 'true'));
    expect(select).toBeEnabled();
    expect(select).toHaveFocus();
    release();
    expect(await screen.findByRole('combobox', { name: 'App language' })).toHaveValue('en');
    expect(screen.getByRole('combobox')).toHaveFocus();
    expect(screen.getByRole('combobox')).not.toHaveAttribute('aria-disabled');
  });

  it('a language that cannot be loaded leaves the current one, with a message', async () => {
    failLanguage = true;
    const { user } = await renderSettings(signedOutStore());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sprache der App' }), 'en');
    expect(await screen.findByText(/Es bleibt bei der bisherigen/)).toBeVisible();
    expect(screen.getByRole('combobox')).toHaveValue('de');
    expect(localStorage.getItem('language')).not.toBe('en');
  });

  it('a registered player’s language goes to the profile too', async () => {
    const { user } = await renderSettings(await registeredStore());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sprache der App' }), 'en');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
        path: '/api/v2/user/me',
        body: { language: 'en' },
      }),
    );
  });

  it('no delete link for visitors', async () => {
    await renderSettings(signedOutStore());
    expect(screen.queryByRole('button', { name: 'Profil löschen' })).not.toBeInTheDocument();
  });

  it('the delete dialog: cancel hides it, nothing deleted', async () => {
    const { user } = await renderSettings(await registeredStore());
    await user.click(screen.getByRole('button', { name: 'Profil löschen' }));
    expect(screen.getByRole('dialog', { name: 'Profil löschen?' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('the delete dialog: a click on the backdrop hides it', async () => {
    const { user } = await renderSettings(await registeredStore());
    await user.click(screen.getByRole('button', { name: 'Profil löschen' }));
    await user.click(screen.getByTestId('dialog-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('delete: DELETE /api/v2/user/{id}, toast Success, signed out, dialog closed', async () => {
    const store = await registeredStore();
    const { user } = await renderSettings(store);
    await user.click(screen.getByRole('button', { name: 'Profil löschen' }));
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/api/v2/user/${me.id}`,
    ]);
    expect(getToasts().map((t) => [t.variant, t.title, t.description])).toEqual([
      ['success', 'Success', 'Dein Profil und deine Daten sind gelöscht, und du bist abgemeldet.'],
    ]);
    expect(selectAuthStatus(store.getState())).toBe('signedOut');
  });

  it('a failed delete: the contact toast, still signed in, the dialog stays', async () => {
    deleteReply = apiError(500, 'internal', 'boom');
    const store = await registeredStore();
    const { user } = await renderSettings(store);
    await user.click(screen.getByRole('button', { name: 'Profil löschen' }));
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(getToasts()).toHaveLength(1));
    expect(getToasts()[0]).toMatchObject({
      variant: 'error',
      title: 'Failed to delete Profile, please contact us via mail or phone!',
    });
    expect(selectAuthStatus(store.getState())).toBe('signedIn');
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Löschen' })).toBeEnabled();
  });

  it("the dialog's 'Löschen' keeps the keyboard focus while it deletes, and after a failure", async () => {
    const answer = deferred();
    deleteReply = { ...apiError(500, 'internal', 'boom'), wait: answer.promise };
    const store = await registeredStore();
    const { user } = await renderSettings(store);
    await user.click(screen.getByRole('button', { name: 'Profil löschen' }));
    const confirm = screen.getByRole('button', { name: 'Löschen' });
    confirm.focus();
    await user.keyboard('{Enter}');
    const deletes = () => calls.filter((c) => c.method === 'DELETE');
    await waitFor(() => expect(deletes()).toHaveLength(1));
    // Not `disabled`, which drops the focus to the page; a second press sends nothing.
    expect(confirm).toHaveFocus();
    expect(confirm).toBeEnabled();
    expect(confirm).toHaveAttribute('aria-disabled', 'true');
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    await user.keyboard('{Enter}');
    answer.resolve();
    await waitFor(() => expect(getToasts()).toHaveLength(1));
    // The dialog stays after a failure, and the keyboard on its button.
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(confirm).not.toHaveAttribute('aria-disabled');
    expect(confirm).toHaveFocus();
    expect(deletes()).toHaveLength(1);
  });

  it('a player in a running match is told to delete the profile after it', async () => {
    deleteReply = apiError(409, 'already_in_match', 'Your match on a device is still running');
    const store = await registeredStore();
    const { user } = await renderSettings(store);
    await user.click(screen.getByRole('button', { name: 'Profil löschen' }));
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(getToasts()).toHaveLength(1));
    expect(getToasts()[0]).toMatchObject({
      variant: 'error',
      title: 'Du spielst gerade ein Match: Lösche dein Profil, wenn es vorbei ist.',
    });
    expect(selectAuthStatus(store.getState())).toBe('signedIn');
  });

  it('the last admin is told why the profile stays', async () => {
    deleteReply = apiError(409, 'last_admin', 'The last admin cannot delete the profile');
    const store = await registeredStore();
    const { user } = await renderSettings(store);
    await user.click(screen.getByRole('button', { name: 'Profil löschen' }));
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(getToasts()).toHaveLength(1));
    expect(getToasts()[0]).toMatchObject({
      variant: 'error',
      title: expect.stringContaining('Du bist der letzte Admin') as string,
    });
    expect(selectAuthStatus(store.getState())).toBe('signedIn');
  });
});
