import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LivePlay, LivePlayEvent } from '@arcadia/contracts';
import { apiCalls, apiError, handlers, server } from '../../testing/api';
import { neo, playingDevice } from '../../testing/factories';
import { fakeScanner } from '../../testing/fake-scanner';
import { renderApp } from '../../testing/render-app';
import { signedInStore } from '../../testing/store';
import { livePlay } from '../live';
import type * as ScannerModule from '../scanner';
import { Component as PlayPage } from './PlayPage';
import { playOnDeviceSuccess } from './state/play-slice';

vi.mock('../scanner', async (importOriginal) => ({
  ...(await importOriginal<typeof ScannerModule>()),
  Scanner: (await import('../../testing/fake-scanner')).FakeScanner,
}));

const me = neo();
const arena = playingDevice();
const duo = playingDevice({ id: 'duo', name: 'Duo' });
const at = { arcade: arena.arcade, id: arena.id };
const on = (overrides: Partial<LivePlay> = {}): LivePlay => ({
  device: arena,
  online: true,
  matchRunning: false,
  ...overrides,
});
const off: LivePlay = { device: null, online: true, matchRunning: false };
const event = (e: Partial<LivePlayEvent> & Pick<LivePlayEvent, 'reason' | 'play'>) =>
  livePlay({ at, gameId: null, ...e });

beforeEach(() => server.use(handlers.startPlaying({ body: duo })));
afterEach(() => fakeScanner.reset());

async function renderPlaying(url = '/play', lang: 'de' | 'en' = 'de') {
  const store = await signedInStore(me);
  store.dispatch(playOnDeviceSuccess(arena));
  const view = await renderApp([{ path: '/play', Component: PlayPage }], {
    path: url,
    lang,
    store,
  });
  return view;
}

describe('/play follows the live channel', () => {
  it('holds the play state in one live region there from the start; the focus goes to the end', async () => {
    const { store } = await renderPlaying();
    const region = screen.getByTestId('play-state');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('Du spielst auf:arena-1');
    screen.getByRole('button', { name: 'Stop Playing' }).focus();
    act(() => {
      store.dispatch(event({ reason: 'match_started', play: on({ matchRunning: true }) }));
    });
    expect(screen.getByTestId('play-state')).toBe(region);
    expect(region).toHaveTextContent('Das Match läuft – viel Glück!');
    act(() => {
      store.dispatch(event({ reason: 'match_over', play: off, gameId: 'game-1' }));
    });
    expect(screen.getByTestId('play-state')).toBe(region);
    expect(region).toHaveTextContent('Match vorbei!');
    // 'Stop Playing' had the focus and is gone: the result's title has it, not the page.
    expect(screen.getByText('Match vorbei!')).toHaveFocus();
  });

  it('shows the match running, then "Match vorbei!" with a link to the result, without a reload', async () => {
    const { store } = await renderPlaying();
    expect(screen.getByText('Du spielst auf:')).toBeInTheDocument();
    act(() => {
      store.dispatch(event({ reason: 'match_started', play: on({ matchRunning: true }) }));
    });
    expect(screen.getByText('Das Match läuft – viel Glück!')).toBeInTheDocument();

    act(() => {
      store.dispatch(event({ reason: 'match_over', play: off, gameId: 'game-1' }));
    });
    expect(screen.queryByText('Du spielst auf:')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop Playing' })).toBeNull();
    expect(screen.getByText('Match vorbei!')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Dein Ergebnis ist da. Für die nächste Runde scanne den QR-Code am Gerät noch einmal.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Ergebnis' })).toHaveAttribute(
      'href',
      '/game/game-1',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Nächste Runde scannen' }));
    expect(screen.getByTestId('scanner')).toBeInTheDocument();
  });

  it('"Stop Playing" during the match says it runs on this device; the match over, that goes', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      handlers.stopPlaying({
        ...apiError(
          409,
          'already_in_match',
          'You are in a match on berlin;arena-1; finish it first',
        ),
        wait: held,
      }),
    );
    const { store } = await renderPlaying();
    act(() => {
      store.dispatch(event({ reason: 'match_started', play: on({ matchRunning: true }) }));
    });
    const stop = screen.getByRole('button', { name: 'Stop Playing' });
    stop.focus();
    await userEvent.keyboard('{Enter}');
    // Stopping: unavailable (aria-disabled), but not `disabled`, which drops the focus.
    await waitFor(() => expect(stop).toHaveAttribute('aria-disabled', 'true'));
    expect(stop).toBeEnabled();
    expect(stop).toHaveFocus();
    release();
    const alert = await screen.findByRole('alert');
    // The refused stop leaves the button where it was, and the keyboard on it.
    expect(screen.getByRole('button', { name: 'Stop Playing' })).toHaveFocus();
    expect(alert).toHaveTextContent(
      'Das Match auf diesem Gerät läuft noch. Aufhören kannst du, wenn es vorbei ist.',
    );
    expect(alert).not.toHaveTextContent('anderen Gerät');
    expect(screen.getByTestId('playing-device')).toHaveTextContent('arena-1');

    act(() => {
      store.dispatch(event({ reason: 'match_over', play: off, gameId: 'game-1' }));
    });
    expect(screen.getByText('Match vorbei!')).toBeInTheDocument();
    expect(screen.queryByText('Das hat nicht geklappt')).toBeNull();
    expect(screen.queryByText(/Match auf diesem Gerät läuft noch/)).toBeNull();
  });

  it('says when an operator took the player off the device', async () => {
    const { store } = await renderPlaying();
    act(() => {
      store.dispatch(event({ reason: 'removed', play: off }));
    });
    expect(screen.getByText('Du wurdest von arena-1 genommen.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop Playing' })).toBeNull();
  });

  it('says when the seat, kept 30 minutes without a match, went to a player at the device', async () => {
    const { store } = await renderPlaying();
    act(() => {
      store.dispatch(event({ reason: 'expired', play: off }));
    });
    expect(screen.getByTestId('play-state')).toHaveTextContent(
      'Dein Platz auf arena-1 ist frei geworden.',
    );
    expect(screen.getByText(/30 Minuten ohne Match/)).toBeInTheDocument();
    expect(screen.queryByText(/Arcade-Team/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop Playing' })).toBeNull();
  });

  it('warns when the device goes offline, and clears it when it is back', async () => {
    const { store } = await renderPlaying();
    act(() => {
      store.dispatch(event({ reason: 'device_offline', play: on({ online: false }) }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Das Gerät ist gerade offline.');
    act(() => {
      store.dispatch(event({ reason: 'device_online', play: on() }));
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('playing-device')).toHaveTextContent('arena-1');
  });

  it('shows the new names when an operator renames the device or its arcade', async () => {
    const { store } = await renderPlaying();
    expect(screen.getByText('Arena 1 · Arcadia Berlin')).toBeInTheDocument();
    const renamed = { ...arena, name: 'Arena Eins', arcadeName: 'Arcadia Mitte' };
    act(() => {
      store.dispatch(event({ reason: 'renamed', play: on({ device: renamed }) }));
    });
    expect(screen.getByText('Arena Eins · Arcadia Mitte')).toBeInTheDocument();
    expect(screen.getByTestId('playing-device')).toHaveTextContent('arena-1');
    expect(screen.getByRole('button', { name: 'Stop Playing' })).toBeInTheDocument();
  });

  it('speaks English too', async () => {
    const { store } = await renderPlaying('/play', 'en');
    act(() => {
      store.dispatch(event({ reason: 'match_over', play: off, gameId: 'game-1' }));
    });
    expect(screen.getByText('Match over!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the result' })).toBeInTheDocument();
  });

  it('asks before moving to another device; staying changes nothing', async () => {
    await renderPlaying('/play?deviceId=berlin;duo');
    const dialog = await screen.findByRole('dialog', { name: 'Gerät wechseln?' });
    expect(dialog).toHaveTextContent('Du spielst gerade auf arena-1. Möchtest du zu duo wechseln?');
    expect(apiCalls).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Auf arena-1 bleiben' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(apiCalls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(screen.getByTestId('playing-device')).toHaveTextContent('arena-1');
  });

  it('moves once the player confirms', async () => {
    await renderPlaying('/play?deviceId=berlin;duo');
    const dialog = await screen.findByRole('dialog', { name: 'Gerät wechseln?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zu duo wechseln' }));
    expect(await screen.findByText('duo')).toBeInTheDocument();
    expect(apiCalls.map((c) => `${c.method} ${c.path}`)).toContain(
      'POST /api/v2/arcadecenter/berlin/device/duo/player',
    );
  });
});

describe('/play with a code that is not a device code', () => {
  it('says so and keeps scanning', async () => {
    const store = await signedInStore(me);
    await renderApp([{ path: '/play', Component: PlayPage }], { path: '/play', store });
    // Not taken: the scanner takes back its 'Code erkannt' beside the warning.
    expect(await fakeScanner.scan('https://example.org/hello')).toBe(false);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Das ist kein Geräte-Code. Scanne den QR-Code am Gerät.',
    );
    expect(fakeScanner.controls.pause).not.toHaveBeenCalled();
    expect(apiCalls).toEqual([]);
  });
});
