import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClaimPreview } from '@arcadia/contracts';
import { clearToasts } from '../../components/ui';
import { apiError, callsTo, deferred, handlers, server } from '../../testing/api';
import { neo } from '../../testing/factories';
import { renderApp } from '../../testing/render-app';
import { signedInStore } from '../../testing/store';
import { Component as ClaimPage } from './ClaimPage';

const TOKEN = 'ab'.repeat(24);
const GAME = 'aaaaaaaa-0000-4000-8000-000000000009';

const preview = (): ClaimPreview => ({
  gameId: GAME,
  type: 'elimination',
  modeName: { de: 'Eliminierung', en: 'Elimination' },
  application: { id: 'commando', name: 'Commando' },
  arcade: { id: 'berlin', name: 'Arcadia Berlin' },
  device: { id: 'arena-1', name: 'Arena 1' },
  map: { id: 'neon-docks', name: 'Neon Docks' },
  playedAt: '2026-11-26T18:30:00.000Z',
  expiresAt: '2026-11-27T18:31:00.000Z',
  guest: { name: 'Viper', kills: 7, deaths: 2, score: 1200, won: true },
  claimed: false,
});

afterEach(() => clearToasts());

async function renderClaim(token = TOKEN, lang: 'de' | 'en' = 'de') {
  const store = await signedInStore(neo());
  return renderApp(
    [
      { path: '/claim/:token', Component: ClaimPage },
      { path: '/game/:id', element: <h1>Spielseite</h1> },
    ],
    { path: `/claim/${token}`, store, lang },
  );
}

describe('/claim/{token}', () => {
  it('shows the guest result and takes it, then opens the match page', async () => {
    server.use(
      handlers.getClaim({ body: preview() }, { token: TOKEN }),
      handlers.claimResult({ body: { gameId: GAME } }, { token: TOKEN }),
    );
    const user = userEvent.setup();
    const { router } = await renderClaim();
    expect(await screen.findByText('Arcadia Berlin')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Ergebnis übernehmen' })).toBeVisible();
    expect(screen.getByText('Commando · Eliminierung')).toBeInTheDocument();
    expect(screen.getByText('Neon Docks')).toBeInTheDocument();
    // The venue's clock (Berlin, UTC+1 in November), whatever the phone's zone.
    expect(screen.getByText('26.11.2026, 19:30')).toBeInTheDocument();
    expect(screen.getByText(/27\.11\.2026, 19:31/)).toBeInTheDocument();
    expect(screen.getByText('Viper')).toBeInTheDocument();
    expect(screen.getByText('1.200')).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
    expect(screen.getByText('2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ergebnis übernehmen' }));
    expect(await screen.findByRole('heading', { name: 'Spielseite' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/game/${GAME}`);
    expect(callsTo('POST', `/api/claims/${TOKEN}`)).toHaveLength(1);
    expect(
      await screen.findByText('Ergebnis übernommen – es steht jetzt in deinem Profil.'),
    ).toBeInTheDocument();
  });

  it("says a result is the player's already and links its match, offering nothing to take", async () => {
    server.use(
      handlers.getClaim(
        { body: { ...preview(), guest: { ...preview().guest, name: 'Neo' }, claimed: true } },
        { token: TOKEN },
      ),
    );
    const user = userEvent.setup();
    const { router } = await renderClaim();
    expect(
      await screen.findByText('Dieses Ergebnis gehört schon dir – es steht in deinem Profil.'),
    ).toHaveAttribute('role', 'status');
    // Not the guest's page: its own heading, no invitation to take the result.
    expect(screen.getByRole('heading', { level: 1, name: 'Dein Ergebnis' })).toBeVisible();
    expect(screen.queryByText('Ergebnis übernehmen')).toBeNull();
    expect(screen.queryByText(/Du hast als Gast gespielt/)).toBeNull();
    expect(screen.getByText('Neo')).toBeInTheDocument();
    expect(screen.queryByText('(Gast)')).not.toBeInTheDocument();
    expect(screen.queryByText(/Der Code gilt bis/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ergebnis übernehmen' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Zum Spiel' }));
    expect(await screen.findByRole('heading', { name: 'Spielseite' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/game/${GAME}`);
    expect(callsTo('POST', `/api/claims/${TOKEN}`)).toHaveLength(0);
  });

  it.each([
    ['claim_used', 409, 'Dieses Ergebnis wurde schon übernommen. Jeder Code gilt nur einmal.'],
    [
      'claim_expired',
      410,
      'Der Code ist abgelaufen: Ergebnisse lassen sich nur 24 Stunden nach dem Spiel übernehmen.',
    ],
    [
      'claim_already_in_game',
      409,
      'Du hast in diesem Spiel schon ein Ergebnis – pro Spiel zählt eins.',
    ],
  ])('says why a code is refused: %s', async (code, status, message) => {
    server.use(handlers.getClaim(apiError(status, code, 'refused'), { token: TOKEN }));
    await renderClaim();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Das Ergebnis kann nicht übernommen werden')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ergebnis übernehmen' })).toBeNull();
  });

  it('in English, a result that is yours has its own heading and words', async () => {
    server.use(handlers.getClaim({ body: { ...preview(), claimed: true } }, { token: TOKEN }));
    await renderClaim(TOKEN, 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your result' })).toBeVisible();
    expect(
      screen.getByText('This result is already yours – it is on your profile.'),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByText(/Played as a guest/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the match' })).toHaveAttribute(
      'href',
      `/game/${GAME}`,
    );
  });

  it('a claim refused at the button (taken meanwhile) is said, in English too', async () => {
    server.use(
      handlers.getClaim({ body: preview() }, { token: TOKEN }),
      handlers.claimResult(apiError(409, 'claim_used', 'used'), { token: TOKEN }),
    );
    const user = userEvent.setup();
    await renderClaim(TOKEN, 'en');
    await user.click(await screen.findByRole('button', { name: 'Claim result' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This result has been claimed already. Each code works only once.',
    );
  });

  it('the button keeps the keyboard focus while it claims, and after a refusal', async () => {
    const answer = deferred();
    server.use(
      handlers.getClaim({ body: preview() }, { token: TOKEN }),
      handlers.claimResult(
        { ...apiError(409, 'claim_used', 'used'), wait: answer.promise },
        { token: TOKEN },
      ),
    );
    const user = userEvent.setup();
    await renderClaim();
    const button = await screen.findByRole('button', { name: 'Ergebnis übernehmen' });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(callsTo('POST', `/api/claims/${TOKEN}`)).toHaveLength(1));
    // Not `disabled`, which drops the focus to the page; a second press sends nothing.
    expect(button).toHaveFocus();
    expect(button).toHaveTextContent('Wird übernommen …');
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.keyboard('{Enter}');
    answer.resolve();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dieses Ergebnis wurde schon übernommen. Jeder Code gilt nur einmal.',
    );
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).toHaveFocus();
    expect(callsTo('POST', `/api/claims/${TOKEN}`)).toHaveLength(1);
  });

  it('a malformed code asks nothing of the server', async () => {
    await renderClaim('nope');
    expect(await screen.findByText('Das ist kein gültiger Code.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Scanner' })).toHaveAttribute('href', '/play');
    expect(callsTo('GET', '/api/claims/nope')).toHaveLength(0);
  });
});
