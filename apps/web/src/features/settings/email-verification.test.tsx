import path from 'node:path';
import { act, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mergeTranslations } from '../../../build/i18n-plugin';
import { setAccessTokenProvider } from '../../lib/auth/token';
import { changeLanguage, initI18n } from '../../lib/i18n';
import { apiError, handlers, server } from '../../testing/api';
import { neo } from '../../testing/factories';
import { renderApp } from '../../testing/render-app';
import { signedInStore } from '../../testing/store';
import { Component as SettingsPage } from './SettingsPage';

const srcDir = path.resolve(import.meta.dirname, '../..');
const me = neo();

/** The e-mail confirmation card on /settings (embedded provider, docs/identity.md). */
describe('Settings: e-mail confirmation', () => {
  let verified: boolean;
  let posts: Request[];
  let postAnswer: () => Response;

  beforeEach(async () => {
    localStorage.clear();
    setAccessTokenProvider(async () => 'player-token');
    verified = false;
    posts = [];
    postAnswer = () => HttpResponse.json({ sent: true }, { status: 202 });
    server.use(
      handlers.getLanguageFile(({ params }) => {
        const lang = /^(de|en)\.json$/.exec(params.file ?? '')?.[1];
        return lang ? { body: mergeTranslations(srcDir, lang) } : apiError(404, 'not_found', 'no');
      }),
      http.get('/api/me/verification-mail', () => HttpResponse.json({ emailVerified: verified })),
      http.post('/api/me/verification-mail', ({ request }) => {
        posts.push(request);
        return postAnswer();
      }),
    );
    Object.defineProperty(navigator, 'languages', { value: ['de-DE'], configurable: true });
    await initI18n();
  });
  afterEach(async () => {
    setAccessTokenProvider(async () => null);
    vi.restoreAllMocks();
    await changeLanguage('de');
  });

  const render = async () =>
    renderApp([{ path: '*', Component: SettingsPage }], {
      path: '/settings',
      store: await signedInStore(me, { sub: 'sub-1' }),
      i18n: i18next,
    });

  it('says the e-mail is confirmed', async () => {
    verified = true;
    await render();
    expect(await screen.findByText('E-Mail bestätigt')).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'Bestätigungsmail erneut senden' }),
    ).not.toBeInTheDocument();
  });

  it('asks again when the player comes back from the mail (the window has the focus again)', async () => {
    await render();
    expect(await screen.findByText('E-Mail nicht bestätigt')).toBeVisible();
    verified = true; // the link was followed in another tab
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByText('E-Mail bestätigt')).toBeVisible();
  });

  it('sends the mail again with the bearer token, then says so', async () => {
    const { user } = await render();
    expect(await screen.findByText('E-Mail nicht bestätigt')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Bestätigungsmail erneut senden' }));
    // The same status says 'wird gesendet …' first (on a busy machine for a while).
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Bestätigungsmail gesendet.'),
    );
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers.get('authorization')).toBe('Bearer player-token');
  });

  it('the resend button keeps the keyboard focus while the mail is sent', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    postAnswer = () => HttpResponse.json({ sent: true }, { status: 202 });
    server.use(
      http.post('/api/me/verification-mail', async ({ request }) => {
        posts.push(request);
        await held;
        return postAnswer();
      }),
    );
    const { user } = await render();
    const button = await screen.findByRole('button', { name: 'Bestätigungsmail erneut senden' });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    // Not `disabled`, which drops the focus to the page; a second press sends nothing.
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    release();
    expect(await screen.findByText(/^Bestätigungsmail gesendet\./)).toBeVisible();
    expect(button).toHaveFocus();
    expect(posts).toHaveLength(1);
  });

  it('too many: a visible message with the minutes to wait', async () => {
    postAnswer = () =>
      HttpResponse.json(
        { error: { code: 'rate_limited', message: 'no' } },
        { status: 429, headers: { 'retry-after': '1500' } },
      );
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'Bestätigungsmail erneut senden' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('25 Minuten'));
  });

  it('shows nothing when the server does not manage the account (404)', async () => {
    server.use(
      http.get('/api/me/verification-mail', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'no' } }, { status: 404 }),
      ),
    );
    await render();
    expect(await screen.findByRole('heading', { name: 'Meine Daten' })).toBeVisible();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('E-Mail nicht bestätigt')).not.toBeInTheDocument();
    expect(screen.queryByText('E-Mail bestätigt')).not.toBeInTheDocument();
  });
});
