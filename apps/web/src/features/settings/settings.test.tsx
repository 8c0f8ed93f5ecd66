import path from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mergeTranslations } from '../../../build/i18n-plugin';
import { makeStore, type AppStore } from '../../app/store';
import { clearToasts, getToasts } from '../../components/ui/toast-store';
import { changeLanguage, initI18n } from '../../lib/i18n';
import {
  installFakeApi,
  apiError,
  type FakeCall,
  type FakeReply,
} from '../../lib/testing/fake-api';
import { loginSuccess, meApi, noSession, selectAuthStatus } from '../auth';
import { me } from '../auth/testing';
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

describe('SettingsPage', () => {
  let calls: FakeCall[];
  let restore: () => void;
  let deleteReply: FakeReply;
  let failLanguage = false;

  beforeEach(async () => {
    localStorage.clear();
    clearToasts();
    deleteReply = { status: 204 };
    failLanguage = false;
    const server = installFakeApi((call) => {
      const lang = /^\/assets\/i18n\/(de|en)\.json$/.exec(call.path)?.[1];
      if (lang) {
        if (failLanguage && lang === 'en') return { status: 500 };
        return { status: 200, body: mergeTranslations(srcDir, lang) };
      }
      if (call.method === 'DELETE') return deleteReply;
      if (call.method === 'PATCH')
        return { status: 200, body: { ...me, ...(call.body as object) } };
      return apiError(404, 'not_found', 'no');
    });
    calls = server.calls;
    restore = server.restore;
    // The app's real i18n: the language files come over HTTP, the choice is kept in localStorage.
    Object.defineProperty(navigator, 'languages', { value: ['de-DE'], configurable: true });
    await initI18n();
  });
  afterEach(async () => {
    await changeLanguage('de');
    restore();
  });

  async function renderSettings(store: AppStore) {
    const router = createMemoryRouter([{ path: '*', Component: SettingsPage }], {
      initialEntries: ['/settings'],
    });
    render(
      <Provider store={store}>
        <I18nextProvider i18n={i18next}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </Provider>,
    );
    return { user: userEvent.setup() };
  }

  async function registeredStore() {
    const store = makeStore();
    store.dispatch(loginSuccess({ account: { sub: 'sub-1' } }));
    await store.dispatch(meApi.util.upsertQueryData('getMe', undefined, me));
    return store;
  }

  it('switches to English and back: the texts change and the choice is stored', async () => {
    const store = makeStore();
    store.dispatch(noSession());
    const { user } = await renderSettings(store);
    const select = screen.getByRole('combobox', { name: 'Sprache der App' });
    expect(select).toHaveValue('de');
    await user.selectOptions(select, 'en');
    expect(await screen.findByRole('combobox', { name: 'App language' })).toHaveValue('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await user.selectOptions(screen.getByRole('combobox'), 'de');
    expect(await screen.findByRole('combobox', { name: 'Sprache der App' })).toHaveValue('de');
    expect(localStorage.getItem('language')).toBe('de');
  });

  it('a language that cannot be loaded leaves the current one, with a message', async () => {
    failLanguage = true;
    const store = makeStore();
    store.dispatch(noSession());
    const { user } = await renderSettings(store);
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
    const store = makeStore();
    store.dispatch(noSession());
    await renderSettings(store);
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
    expect(getToasts().map((t) => [t.variant, t.title])).toEqual([['success', 'Success']]);
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
});
