import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../lib/testing/i18n';
import type * as ScannerModule from '../scanner';
import { fakeScanner } from './fake-scanner';
import { Component as LinkCardPage } from './LinkCardPage';
import { apiError, installFakeApi, type FakeCall, type FakeReply } from './test-api';
import {
  cardOwner,
  cardSecret,
  cardUrl,
  linkedProfile,
  me,
  oldCardUrl,
  signedInStore,
} from './test-fixtures';

vi.mock('../scanner', async (importOriginal) => ({
  ...(await importOriginal<typeof ScannerModule>()),
  Scanner: (await import('./fake-scanner')).FakeScanner,
}));

let de: i18n;
let en: i18n;
beforeAll(async () => {
  de = await createTestI18n('de');
  en = await createTestI18n('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  fakeScanner.reset();
});

function ProfileStub() {
  const { id } = useParams();
  return <p>profile {id}</p>;
}

function server(link: FakeReply, user: FakeReply = { status: 200, body: cardOwner }) {
  return installFakeApi((call: FakeCall) => {
    if (call.method === 'GET' && call.path === `/api/user/${cardOwner.id}`) return user;
    if (call.method === 'POST' && call.path === '/api/v2/user/me/link') return link;
    if (call.path === '/api/v2/user/me') return { status: 200, body: linkedProfile };
    return apiError(404, 'not_found', 'no route');
  });
}

async function renderLink({ registered = false, lang = de } = {}) {
  const store = await signedInStore({ registered });
  const router = createMemoryRouter(
    [
      { path: '/login/link', Component: LinkCardPage },
      { path: '/login/registration', element: <p>registration</p> },
      { path: '/profile/:id', Component: ProfileStub },
    ],
    { initialEntries: ['/login/link'] },
  );
  render(
    <Provider store={store}>
      <I18nextProvider i18n={lang}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>,
  );
  return { store, router };
}

describe('/login/link', () => {
  it('explains itself, shows the user-card scanner and links back to registration', async () => {
    server({ status: 200, body: linkedProfile });
    await renderLink();
    expect(screen.getByRole('heading', { name: 'Bestehenden Account verknüpfen' })).toBeVisible();
    expect(screen.getByText(/Scanne ihren QR-Code/)).toBeVisible();
    const scanner = screen.getByTestId('scanner');
    expect(scanner).toHaveAttribute('data-fps', '30');
    expect(scanner).toHaveAttribute('data-beep', 'false');
    expect(scanner).toHaveAttribute('data-vibrate', '300');
    await userEvent.click(screen.getByRole('link', { name: 'Zurück zur Registrierung' }));
    expect(await screen.findByText('registration')).toBeVisible();
  });

  it('a scanned card is confirmed, linked, and the player lands on that profile', async () => {
    const { calls } = server({ status: 200, body: linkedProfile });
    const { router } = await renderLink();
    await fakeScanner.scan(cardUrl);
    expect(await screen.findByText(`profile ${cardOwner.id}`)).toBeVisible();
    expect(router.state.location.pathname).toBe(`/profile/${cardOwner.id}`);
    expect(calls.slice(0, 2).map((c) => `${c.method} ${c.path}`)).toEqual([
      `GET /api/user/${cardOwner.id}`,
      'POST /api/v2/user/me/link',
    ]);
    // The claim secret of the card's `?k=` goes with the link request, and nowhere else.
    expect(calls[1]!.body).toEqual({ userId: cardOwner.id, secret: cardSecret });
    expect(calls[0]!.path).not.toContain(cardSecret);
  });

  it('an old card without a claim secret is explained and not sent', async () => {
    const { calls } = server({ status: 200, body: linkedProfile });
    await renderLink();
    await fakeScanner.scan(oldCardUrl);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Mit dieser Karte lässt sich kein Account mehr verknüpfen',
    );
    expect(calls).toEqual([]);
  });

  it('a wrong or spent claim secret (404) says the card cannot be linked', async () => {
    server(apiError(404, 'not_found', 'No player has this user card'));
    await renderLink();
    await fakeScanner.scan(cardUrl);
    expect(screen.getByRole('alert')).toHaveTextContent('Diese Karte lässt sich nicht verknüpfen');
  });

  it('anything but a user card is ignored with a hint, and scanning goes on', async () => {
    const { calls } = server({ status: 200, body: linkedProfile });
    await renderLink();
    await fakeScanner.scan('https://arcadia.example/u/trinity');
    expect(screen.getByRole('alert')).toHaveTextContent('Das ist keine Spielerkarte.');
    expect(calls).toEqual([]);
    expect(fakeScanner.controls.pause).not.toHaveBeenCalled();
    expect(fakeScanner.controls.stop).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Karte erneut scannen' })).toBeNull();
  });

  it('a card of nobody is not linked and scanning goes on', async () => {
    const { calls } = server(
      { status: 200, body: linkedProfile },
      apiError(404, 'not_found', 'No such user'),
    );
    await renderLink();
    await fakeScanner.scan(cardUrl);
    expect(screen.getByRole('alert')).toHaveTextContent('Diese Karte gehört zu keinem Spieler.');
    expect(calls.map((c) => c.method)).toEqual(['GET']);
    expect(screen.getByTestId('scanner')).toBeInTheDocument();
  });

  it('says clearly when the card is taken by another account', async () => {
    server(apiError(409, 'card_taken', 'This user card is already linked to another account.'));
    await renderLink();
    await fakeScanner.scan(cardUrl);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Diese Karte ist bereits mit einem anderen Account verknüpft.',
    );
  });

  it('says clearly when the player already has a profile, and links to it', async () => {
    server(apiError(409, 'already_registered', 'Your sign-in already has a profile'));
    await renderLink({ registered: true });
    expect(screen.getByText('Du hast bereits ein Profil.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Zu deinem Profil' })).toHaveAttribute(
      'href',
      `/profile/${me.id}`,
    );
    await fakeScanner.scan(cardUrl);
    expect(screen.getByRole('alert')).toHaveTextContent('Du hast bereits ein Profil –');
  });

  it('after a failure that may pass, the same card can be scanned again', async () => {
    server(apiError(503, 'unavailable', 'Try later'));
    await renderLink();
    await fakeScanner.scan(cardUrl);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Die Karte konnte nicht verknüpft werden: Try later',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Karte erneut scannen' }));
    expect(fakeScanner.controls.forgetLastMatch).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('speaks English too', async () => {
    server(apiError(409, 'card_taken', 'taken'));
    await renderLink({ lang: en });
    expect(screen.getByRole('heading', { name: 'Link an existing account' })).toBeVisible();
    await fakeScanner.scan(cardUrl);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This card is already linked to another account.',
    );
  });
});
