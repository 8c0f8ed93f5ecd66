import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCalls, apiError, deferred, handlers, server } from '../../testing/api';
import { neo, playingDevice } from '../../testing/factories';
import { fakeScanner } from '../../testing/fake-scanner';
import { renderApp } from '../../testing/render-app';
import { signedInStore } from '../../testing/store';
import type * as ScannerModule from '../scanner';
import { Component as PlayPage } from './PlayPage';

// The camera cannot run in jsdom: the stand-in scanner, whose onScan the test drives.
vi.mock('../scanner', async (importOriginal) => ({
  ...(await importOriginal<typeof ScannerModule>()),
  Scanner: (await import('../../testing/fake-scanner')).FakeScanner,
}));

const me = neo();
const arena = playingDevice();
/** What the app sent, call by call. */
const calls = () => apiCalls.map(({ method, path, body }) => ({ method, path, body }));

beforeEach(() => {
  server.use(
    handlers.startPlaying({ body: arena }),
    handlers.stopPlaying({ body: { success: true } }),
    handlers.getCurrentDevice({ body: {} }),
  );
});
afterEach(() => fakeScanner.reset());

async function renderPlay(url = '/play', lang: 'de' | 'en' = 'de') {
  const store = await signedInStore(me);
  const view = await renderApp([{ path: '/play', Component: PlayPage }], {
    path: url,
    lang,
    store,
  });
  const controls = fakeScanner.controls;
  const scan = (text: string) => fakeScanner.scan(text);
  return { ...view, controls, scan };
}

describe('/play (spec §2, §4)', () => {
  it('shows the device scanner (10 fps) until a device is found', async () => {
    await renderPlay();
    expect(screen.getByRole('heading', { name: 'Spielen' })).toBeInTheDocument();
    expect(screen.getByTestId('scanner')).toHaveAttribute('data-fps', '10');
    expect(screen.queryByText('Du spielst auf:')).toBeNull();
  });

  it('ignores codes that are not deviceId=arcade;id and keeps scanning', async () => {
    const { scan, controls } = await renderPlay();
    for (const text of ['https://example.org/u/x', 'deviceId=berlin', 'deviceId=;x', 'id=a;b'])
      await scan(text);
    expect(calls()).toEqual([]);
    expect(controls.pause).not.toHaveBeenCalled();
    expect(screen.getByTestId('scanner')).toBeInTheDocument();
  });

  it('a claim code opens its page instead of joining a device', async () => {
    const token = 'cd'.repeat(24);
    const store = await signedInStore(me);
    const { router } = await renderApp(
      [
        { path: '/play', Component: PlayPage },
        { path: '/claim/:token', element: <h1>Claim-Seite</h1> },
      ],
      { path: '/play', store },
    );
    await fakeScanner.scan(`https://arcadia.example/claim/${token}`);
    expect(await screen.findByRole('heading', { name: 'Claim-Seite' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/claim/${token}`);
    expect(calls()).toEqual([]);
  });

  it('a scanned device shows LOADING, then "Du spielst auf:" with the device id', async () => {
    const answer = deferred();
    server.use(handlers.startPlaying({ body: arena, wait: answer.promise }));
    await renderPlay();
    let scanned!: Promise<void | boolean>;
    act(() => {
      scanned = Promise.resolve(
        fakeScanner.props!.onScan('deviceId=berlin;arena-1', fakeScanner.controls),
      );
    });
    expect(await screen.findByRole('status')).toHaveTextContent('LOADING');
    answer.resolve();
    await act(() => scanned);
    expect(screen.getByText('Du spielst auf:')).toBeInTheDocument();
    expect(screen.getByTestId('playing-device')).toHaveTextContent('arena-1');
    expect(screen.getByRole('button', { name: 'Stop Playing' })).toBeEnabled();
    expect(screen.queryByText('LOADING')).toBeNull();
    expect(screen.queryByTestId('scanner')).toBeNull();
    expect(calls()).toEqual([
      {
        method: 'POST',
        path: '/api/v2/arcadecenter/berlin/device/arena-1/player',
        body: { mail: '' },
      },
    ]);
  });

  it.each([
    ['device_full', 409, 'Dieses Gerät ist voll. Warte, bis ein Platz frei wird.'],
    ['device_offline', 409, 'Dieses Gerät ist gerade offline. Sag dem Arcade-Team Bescheid.'],
    ['device_in_match', 409, 'Auf diesem Gerät läuft gerade ein Match. Steig nach dem Match ein.'],
    [
      'device_not_found',
      404,
      'Dieses Gerät kennen wir nicht. Scanne den QR-Code am Gerät noch einmal.',
    ],
  ])(
    'an error (%s) clears the device and says why; the scanner waits for "Erneut scannen"',
    async (code, status, text) => {
      server.use(handlers.startPlaying(apiError(status, code, 'server message')));
      const { scan, controls } = await renderPlay();
      await scan('deviceId=berlin;arena-1');
      expect(screen.getByRole('alert')).toHaveTextContent(text);
      expect(screen.queryByText('Du spielst auf:')).toBeNull();
      expect(controls.pause).toHaveBeenCalledOnce();
      await userEvent.click(screen.getByRole('button', { name: 'Erneut scannen' }));
      expect(controls.forgetLastMatch).toHaveBeenCalledOnce();
      expect(controls.resume).toHaveBeenCalledOnce();
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );

  it("an unknown server error says what went wrong in the player's words, not the server's", async () => {
    server.use(handlers.startPlaying(apiError(500, 'internal', 'Something broke')));
    const { scan } = await renderPlay();
    await scan('deviceId=berlin;arena-1');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Etwas ist schiefgelaufen. Bitte versuch es noch einmal.',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('Something broke');
  });

  it('a server away (503) says so, to try again in a moment', async () => {
    server.use(handlers.startPlaying(apiError(503, 'database_unavailable', 'Database down')));
    const { scan } = await renderPlay();
    await scan('deviceId=berlin;arena-1');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Der Server ist gerade nicht erreichbar. Bitte versuch es gleich noch einmal.',
    );
  });

  it('plays on the device of ?deviceId=arcade;id without scanning, and drops the parameter', async () => {
    const { router } = await renderPlay('/play?deviceId=berlin;arena-1');
    expect(await screen.findByText('Du spielst auf:')).toBeInTheDocument();
    // First which device the player is on (none), then the join.
    expect(calls().map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/v2/user/me/device',
      'POST /api/v2/arcadecenter/berlin/device/arena-1/player',
    ]);
    expect(router.state.location.search).toBe('');
  });

  it('opened from a link while on another device (not yet known to the page), asks first', async () => {
    server.use(handlers.getCurrentDevice({ body: playingDevice({ id: 'duo' }) }));
    await renderPlay('/play?deviceId=berlin;arena-1');
    const dialog = await screen.findByRole('dialog', { name: 'Gerät wechseln?' });
    expect(dialog).toHaveTextContent('Du spielst gerade auf duo. Möchtest du zu arena-1 wechseln?');
    expect(calls().filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('ignores a ?deviceId that is not arcade;id and shows the scanner', async () => {
    await renderPlay('/play?deviceId=berlin');
    await waitFor(() => expect(screen.getByTestId('scanner')).toBeInTheDocument());
    expect(calls()).toEqual([]);
  });

  it('"Stop Playing" takes the player off the device and shows the scanner again', async () => {
    await renderPlay('/play?deviceId=berlin;arena-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Stop Playing' }));
    expect(await screen.findByTestId('scanner')).toBeInTheDocument();
    expect(calls().at(-1)).toEqual({
      method: 'DELETE',
      path: `/api/arcadecenter/berlin/device/arena-1/player/${me.id}`,
      body: undefined,
    });
    expect(screen.queryByText('Du spielst auf:')).toBeNull();
  });

  it('speaks English too', async () => {
    await renderPlay('/play?deviceId=berlin;arena-1', 'en');
    expect(await screen.findByText('You are playing on:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop Playing' })).toBeInTheDocument();
  });
});
