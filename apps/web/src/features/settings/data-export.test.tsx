import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mergeTranslations } from '../../../build/i18n-plugin';
import { getToasts } from '../../components/ui/toast-store';
import { setAccessTokenProvider } from '../../lib/auth/token';
import { changeLanguage, initI18n } from '../../lib/i18n';
import { apiError, apiCalls, handlers, server } from '../../testing/api';
import { neo } from '../../testing/factories';
import { renderApp } from '../../testing/render-app';
import { signedInStore, signedOutStore } from '../../testing/store';
import { Component as SettingsPage } from './SettingsPage';

const srcDir = path.resolve(import.meta.dirname, '../..');
const me = neo();

/** The data download on /settings and in the delete dialog (issue 17, DSGVO Art. 15/20). */
describe('Settings: download my data', () => {
  let saved: { name: string; text: string }[];
  let requests: Request[];

  beforeEach(async () => {
    localStorage.clear();
    setAccessTokenProvider(async () => 'player-token');
    saved = [];
    requests = [];
    server.use(
      handlers.getLanguageFile(({ params }) => {
        const lang = /^(de|en)\.json$/.exec(params.file ?? '')?.[1];
        return lang ? { body: mergeTranslations(srcDir, lang) } : apiError(404, 'not_found', 'no');
      }),
      http.get('/api/me/export', ({ request }) => {
        requests.push(request);
        const format = new URL(request.url).searchParams.get('format');
        return new HttpResponse(format === 'html' ? '<html>summary</html>' : '{"format":"x"}', {
          headers: {
            'content-type': format === 'html' ? 'text/html' : 'application/json',
            'content-disposition': `attachment; filename="arcadia-data-2026-11-26.${format}"`,
          },
        });
      }),
    );
    // jsdom has no object URLs: keep what would be saved, and the name the link gives it.
    const blobs = new Map<string, Blob>();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          const url = `blob:test/${blobs.size}`;
          blobs.set(url, blob);
          return url;
        },
        revokeObjectURL: () => undefined,
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      const blob = blobs.get(this.href)!;
      void blob.text().then((text) => saved.push({ name: this.download, text }));
    });
    Object.defineProperty(navigator, 'languages', { value: ['de-DE'], configurable: true });
    await initI18n();
  });
  afterEach(async () => {
    setAccessTokenProvider(async () => null);
    vi.restoreAllMocks();
    await changeLanguage('de');
  });

  const render = async (registered = true) =>
    renderApp([{ path: '*', Component: SettingsPage }], {
      path: '/settings',
      store: registered ? await signedInStore(me, { sub: 'sub-1' }) : signedOutStore(),
      i18n: i18next,
    });

  it('offers nothing to visitors', async () => {
    await render(false);
    expect(
      screen.queryByRole('button', { name: 'Meine Daten herunterladen' }),
    ).not.toBeInTheDocument();
  });

  it('downloads the JSON file and the summary with the bearer token, in the app’s language', async () => {
    const { user } = await render();
    expect(screen.getByRole('heading', { name: 'Meine Daten' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Meine Daten herunterladen' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ name: 'arcadia-data-2026-11-26.json', text: '{"format":"x"}' });
    await user.click(screen.getByRole('button', { name: 'Übersicht herunterladen' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.name).toBe('arcadia-data-2026-11-26.html');
    const query = requests.map((r) => new URL(r.url).searchParams);
    expect(query.map((q) => [q.get('format'), q.get('lang')])).toEqual([
      ['json', 'de'],
      ['html', 'de'],
    ]);
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer player-token');
  });

  it('the download button keeps the keyboard focus while the file is prepared', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/me/export', async ({ request }) => {
        requests.push(request);
        await held;
        return HttpResponse.json(
          { format: 'x' },
          { headers: { 'content-disposition': 'attachment; filename="arcadia-data.json"' } },
        );
      }),
    );
    const { user } = await render();
    const button = screen.getByRole('button', { name: 'Meine Daten herunterladen' });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    // Not `disabled`, which drops the focus to the page; a second press starts nothing.
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toBeEnabled();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    release();
    await waitFor(() => expect(saved).toHaveLength(1));
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    expect(button).toHaveFocus();
    expect(requests).toHaveLength(1);
  });

  it('too many downloads: a toast with the minutes to wait', async () => {
    server.use(
      http.get('/api/me/export', () =>
        HttpResponse.json(
          { error: { code: 'rate_limited', message: 'no' } },
          { status: 429, headers: { 'retry-after': '1500' } },
        ),
      ),
    );
    const { user } = await render();
    await user.click(screen.getByRole('button', { name: 'Meine Daten herunterladen' }));
    await waitFor(() => expect(getToasts()).toHaveLength(1));
    expect(getToasts()[0]).toMatchObject({
      variant: 'error',
      title: expect.stringContaining('25 Minuten'),
    });
    expect(saved).toEqual([]);
  });

  it('the delete dialog keeps its texts and offers the download before deleting', async () => {
    const { user } = await render();
    await user.click(screen.getByRole('button', { name: 'Profil löschen' }));
    const dialog = screen.getByRole('dialog', { name: 'Profil löschen?' });
    expect(dialog).toHaveTextContent(
      'Dein Profil, deine Freundesliste und deine persönlichen Daten werden endgültig gelöscht. Deine Spiele bleiben anonym in den Ranglisten der anderen. Das lässt sich nicht rückgängig machen.',
    );
    expect(
      within(dialog).getByText('Möchtest du vorher eine Kopie deiner Daten behalten?'),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Löschen' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Meine Daten herunterladen' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    // Downloading deletes nothing and leaves the dialog open for the decision.
    expect(screen.getByRole('dialog', { name: 'Profil löschen?' })).toBeVisible();
    expect(apiCalls.some((c) => c.method === 'DELETE')).toBe(false);
  });
});
