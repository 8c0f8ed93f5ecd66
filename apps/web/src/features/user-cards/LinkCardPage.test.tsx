import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OwnProfile, UserSummary } from '@arcadia/contracts';
import { apiCalls, apiError, handlers, server, type Reply } from '../../testing/api';
import {
  CARD_SECRET as cardSecret,
  CARD_URL as cardUrl,
  neo,
  OLD_CARD_URL as oldCardUrl,
  userSummary,
} from '../../testing/factories';
import { fakeScanner } from '../../testing/fake-scanner';
import { renderApp } from '../../testing/render-app';
import { signedInStore } from '../../testing/store';
import type * as ScannerModule from '../scanner';
import { Component as LinkCardPage } from './LinkCardPage';

vi.mock('../scanner', async (importOriginal) => ({
  ...(await importOriginal<typeof ScannerModule>()),
  Scanner: (await import('../../testing/fake-scanner')).FakeScanner,
}));

const me = neo();
const cardOwner = userSummary();
/** The own profile once the card is linked: the card's profile. */
const linkedProfile = neo({
  id: cardOwner.id,
  userName: 'trinity',
  name: 'trinity',
  earlyAdopter: true,
});

afterEach(() => {
  fakeScanner.reset();
});

function ProfileStub() {
  const { id } = useParams();
  return <p>profile {id}</p>;
}

/** The card's user (GET /api/user/{id}), the link, and the own profile loaded again. */
function serve(link: Reply<OwnProfile>, user: Reply<UserSummary> = { body: cardOwner }) {
  server.use(
    handlers.getUserSummary(user, { id: cardOwner.id }),
    handlers.linkCard(link),
    handlers.getMe({ body: linkedProfile }),
  );
}
/** What the app sent, call by call. */
const sent = () => apiCalls.map(({ method, path, body }) => ({ method, path, body }));

async function renderLink({
  registered = false,
  lang = 'de',
}: { registered?: boolean; lang?: 'de' | 'en' } = {}) {
  const store = await signedInStore(registered ? me : null);
  return renderApp(
    [
      { path: '/login/link', Component: LinkCardPage },
      { path: '/login/registration', element: <p>registration</p> },
      { path: '/profile/:id', Component: ProfileStub },
    ],
    { path: '/login/link', store, lang },
  );
}

describe('/login/link', () => {
  it('explains itself, shows the user-card scanner and links back to registration', async () => {
    serve({ body: linkedProfile });
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
    serve({ body: linkedProfile });
    const { router } = await renderLink();
    await fakeScanner.scan(cardUrl);
    expect(await screen.findByText(`profile ${cardOwner.id}`)).toBeVisible();
    expect(router.state.location.pathname).toBe(`/profile/${cardOwner.id}`);
    expect(
      sent()
        .slice(0, 2)
        .map((c) => `${c.method} ${c.path}`),
    ).toEqual([`GET /api/user/${cardOwner.id}`, 'POST /api/v2/user/me/link']);
    // The claim secret of the card's `?k=` goes with the link request, and nowhere else.
    expect(sent()[1]!.body).toEqual({ userId: cardOwner.id, secret: cardSecret });
    expect(sent()[0]!.path).not.toContain(cardSecret);
  });

  it('an old card without a claim secret is explained and not sent', async () => {
    serve({ body: linkedProfile });
    await renderLink();
    await fakeScanner.scan(oldCardUrl);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Mit dieser Karte lässt sich kein Account mehr verknüpfen',
    );
    expect(sent()).toEqual([]);
  });

  it('a wrong or spent claim secret (404) says the card cannot be linked', async () => {
    serve(apiError(404, 'not_found', 'No player has this user card'));
    await renderLink();
    await fakeScanner.scan(cardUrl);
    expect(screen.getByRole('alert')).toHaveTextContent('Diese Karte lässt sich nicht verknüpfen');
  });

  it('anything but a user card is ignored with a hint, and scanning goes on', async () => {
    serve({ body: linkedProfile });
    await renderLink();
    await fakeScanner.scan('https://arcadia.example/u/trinity');
    expect(screen.getByRole('alert')).toHaveTextContent('Das ist keine Spielerkarte.');
    expect(sent()).toEqual([]);
    expect(fakeScanner.controls.pause).not.toHaveBeenCalled();
    expect(fakeScanner.controls.stop).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Karte erneut scannen' })).toBeNull();
  });

  it('a card of nobody is not linked and scanning goes on', async () => {
    serve({ body: linkedProfile }, apiError(404, 'not_found', 'No such user'));
    await renderLink();
    await fakeScanner.scan(cardUrl);
    expect(screen.getByRole('alert')).toHaveTextContent('Diese Karte gehört zu keinem Spieler.');
    expect(sent().map((c) => c.method)).toEqual(['GET']);
    expect(screen.getByTestId('scanner')).toBeInTheDocument();
  });

  it('says clearly when the card is taken by another account', async () => {
    serve(apiError(409, 'card_taken', 'This user card is already linked to another account.'));
    await renderLink();
    await fakeScanner.scan(cardUrl);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Diese Karte ist bereits mit einem anderen Account verknüpft.',
    );
  });

  it('a registered player gets no scanner, only the way to the own profile', async () => {
    await renderLink({ registered: true });
    expect(screen.getByText('Du hast bereits ein Profil.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Zu deinem Profil' })).toHaveAttribute(
      'href',
      `/profile/${me.id}`,
    );
    expect(screen.queryByTestId('scanner')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Zurück zur Registrierung' })).toBeNull();
  });

  it('says clearly when the sign-in got a profile meanwhile (the server refuses the link)', async () => {
    serve(apiError(409, 'already_registered', 'Your sign-in already has a profile'));
    await renderLink();
    await fakeScanner.scan(cardUrl);
    expect(screen.getByRole('alert')).toHaveTextContent('Du hast bereits ein Profil –');
  });

  it('after a failure that may pass, the same card can be scanned again', async () => {
    serve(apiError(503, 'unavailable', 'Try later'));
    await renderLink();
    await fakeScanner.scan(cardUrl);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Die Karte konnte nicht verknüpft werden. Der Server ist gerade nicht erreichbar. Bitte versuch es gleich noch einmal.',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('Try later');
    await userEvent.click(screen.getByRole('button', { name: 'Karte erneut scannen' }));
    expect(fakeScanner.controls.forgetLastMatch).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('speaks English too', async () => {
    serve(apiError(409, 'card_taken', 'taken'));
    await renderLink({ lang: 'en' });
    expect(screen.getByRole('heading', { name: 'Link an existing account' })).toBeVisible();
    await fakeScanner.scan(cardUrl);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This card is already linked to another account.',
    );
  });
});
