import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useImperativeHandle } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../lib/testing/i18n';
import type * as ScannerModule from '../scanner';
import type { ScanControls, ScannerHandle, ScannerProps } from '../scanner';
import { Component as PlayPage } from './PlayPage';
import { apiError, installFakeApi, type FakeReply } from './test-api';
import { arena, me, signedInStore } from './test-fixtures';

/** The camera cannot run in jsdom: a stand-in scanner whose onScan the test drives. */
interface FakeScannerState {
  props: ScannerProps | null;
  phase: 'scanning' | 'paused' | 'not_started';
  controls: (ScanControls & Record<string, ReturnType<typeof vi.fn>>) | null;
}
const scanner = vi.hoisted(() => {
  const state: FakeScannerState = { props: null, phase: 'scanning', controls: null };
  return state;
});
vi.mock('../scanner', async (importOriginal) => {
  const actual = await importOriginal<typeof ScannerModule>();
  function FakeScanner(props: ScannerProps) {
    scanner.props = props;
    useImperativeHandle(
      props.ref,
      () =>
        ({
          ...scanner.controls!,
          start: vi.fn(),
          state: { phase: scanner.phase },
        }) as unknown as ScannerHandle,
    );
    return <div data-testid="scanner" data-fps={props.config.fps} />;
  }
  return { ...actual, Scanner: FakeScanner };
});

let de: i18n;
let en: i18n;
beforeAll(async () => {
  de = await createTestI18n('de');
  en = await createTestI18n('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  scanner.props = null;
});

function newControls() {
  scanner.phase = 'scanning';
  const controls = {
    pause: vi.fn(() => {
      scanner.phase = 'paused';
    }),
    resume: vi.fn(async () => {
      scanner.phase = 'scanning';
    }),
    stop: vi.fn(),
    forgetLastMatch: vi.fn(),
  };
  scanner.controls = controls;
  return controls;
}

async function renderPlay(url = '/play', lang = de) {
  const store = await signedInStore();
  const router = createMemoryRouter([{ path: '/play', Component: PlayPage }], {
    initialEntries: [url],
  });
  const controls = newControls();
  render(
    <Provider store={store}>
      <I18nextProvider i18n={lang}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>,
  );
  const scan = (text: string) => act(() => scanner.props!.onScan(text, controls));
  return { store, router, controls, scan };
}

const deferred = () => {
  let resolve!: (reply: FakeReply) => void;
  const promise = new Promise<FakeReply>((res) => (resolve = res));
  return { promise, resolve };
};

describe('/play (spec §2, §4)', () => {
  it('shows the device scanner (10 fps) until a device is found', async () => {
    installFakeApi(() => apiError(500, 'internal', 'unexpected'));
    await renderPlay();
    expect(screen.getByRole('heading', { name: 'Spielen' })).toBeInTheDocument();
    expect(screen.getByTestId('scanner')).toHaveAttribute('data-fps', '10');
    expect(screen.queryByText('Du spielst auf:')).toBeNull();
  });

  it('ignores codes that are not deviceId=arcade;id and keeps scanning', async () => {
    const { calls } = installFakeApi(() => ({ status: 200, body: arena }));
    const { scan, controls } = await renderPlay();
    for (const text of ['https://example.org/u/x', 'deviceId=berlin', 'deviceId=;x', 'id=a;b'])
      await scan(text);
    expect(calls).toEqual([]);
    expect(controls.pause).not.toHaveBeenCalled();
    expect(screen.getByTestId('scanner')).toBeInTheDocument();
  });

  it('a scanned device shows LOADING, then "Du spielst auf:" with the device id', async () => {
    const answer = deferred();
    const { calls } = installFakeApi(() => answer.promise);
    await renderPlay();
    let scanned!: Promise<void>;
    act(() => {
      scanned = Promise.resolve(
        scanner.props!.onScan('deviceId=berlin;arena-1', scanner.controls!),
      );
    });
    expect(await screen.findByRole('status')).toHaveTextContent('LOADING');
    answer.resolve({ status: 200, body: arena });
    await act(() => scanned);
    expect(screen.getByText('Du spielst auf:')).toBeInTheDocument();
    expect(screen.getByTestId('playing-device')).toHaveTextContent('arena-1');
    expect(screen.getByRole('button', { name: 'Stop Playing' })).toBeEnabled();
    expect(screen.queryByText('LOADING')).toBeNull();
    expect(screen.queryByTestId('scanner')).toBeNull();
    expect(calls).toEqual([
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
      installFakeApi(() => apiError(status, code, 'server message'));
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

  it('an unknown server error shows the server message', async () => {
    installFakeApi(() => apiError(500, 'internal', 'Something broke'));
    const { scan } = await renderPlay();
    await scan('deviceId=berlin;arena-1');
    expect(screen.getByRole('alert')).toHaveTextContent('Das hat nicht geklappt: Something broke');
  });

  it('plays on the device of ?deviceId=arcade;id without scanning, and drops the parameter', async () => {
    const { calls } = installFakeApi(() => ({ status: 200, body: arena }));
    const { router } = await renderPlay('/play?deviceId=berlin;arena-1');
    expect(await screen.findByText('Du spielst auf:')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/api/v2/arcadecenter/berlin/device/arena-1/player');
    expect(router.state.location.search).toBe('');
  });

  it('ignores a ?deviceId that is not arcade;id and shows the scanner', async () => {
    const { calls } = installFakeApi(() => ({ status: 200, body: arena }));
    await renderPlay('/play?deviceId=berlin');
    await waitFor(() => expect(screen.getByTestId('scanner')).toBeInTheDocument());
    expect(calls).toEqual([]);
  });

  it('"Stop Playing" takes the player off the device and shows the scanner again', async () => {
    const { calls } = installFakeApi((call) =>
      call.method === 'POST'
        ? { status: 200, body: arena }
        : { status: 200, body: { success: true } },
    );
    await renderPlay('/play?deviceId=berlin;arena-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Stop Playing' }));
    expect(await screen.findByTestId('scanner')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      method: 'DELETE',
      path: `/api/arcadecenter/berlin/device/arena-1/player/${me.id}`,
      body: undefined,
    });
    expect(screen.queryByText('Du spielst auf:')).toBeNull();
  });

  it('speaks English too', async () => {
    installFakeApi(() => ({ status: 200, body: arena }));
    await renderPlay('/play?deviceId=berlin;arena-1', en);
    expect(await screen.findByText('You are playing on:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop Playing' })).toBeInTheDocument();
  });
});
