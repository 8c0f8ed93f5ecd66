import fs from 'node:fs';
import { createRequire } from 'node:module';
import { createRef } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDecoderOverrides } from './decoder-loader';
import { CAMERA_DATA_KEY } from './permission-store';
import { Scanner, type ScanControls, type ScannerHandle } from './Scanner';
import { deviceScannerConfig, userCardScannerConfig, type ScannerConfig } from './config';
import {
  fakeStream,
  fakeTrack,
  installFakeMediaDevices,
  removeMediaDevices,
  scannerI18n,
  WithI18n,
} from '../../testing/fake-camera';

const require = createRequire(import.meta.url);
const stored = () => JSON.parse(localStorage.getItem(CAMERA_DATA_KEY) ?? 'null');
const header = () => screen.getByRole('status');
const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};
const cameras = [
  { deviceId: 'cam-front', label: 'Front Camera' },
  { deviceId: 'cam-back', label: 'Back Camera' },
];

let en: i18n;
let de: i18n;

beforeAll(async () => {
  en = await scannerI18n('en');
  de = await scannerI18n('de');
  // jsdom cannot fetch the wasm from a dev server: hand the real zxing wasm over directly.
  setDecoderOverrides({
    wasmBinary: fs.readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')),
  });
});

beforeEach(() => {
  localStorage.clear();
  // jsdom has no media playback; the fake camera stream needs play/pause to resolve.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  removeMediaDevices();
});

function renderScanner(
  props: {
    config?: ScannerConfig;
    onScan?: (text: string, controls?: ScanControls) => void | boolean;
    onError?: () => void;
  } = {},
  i18n = en,
) {
  const onScan = vi.fn(props.onScan);
  const onError = vi.fn(props.onError);
  const ref = createRef<ScannerHandle>();
  const utils = render(
    <WithI18n i18n={i18n}>
      <Scanner
        ref={ref}
        config={props.config ?? userCardScannerConfig}
        onScan={onScan}
        onError={onError}
      />
    </WithI18n>,
  );
  return { ...utils, onScan, onError, ref };
}

describe('camera permission', () => {
  it('asks with the permission button, shows "requesting permission", then lists the cameras', async () => {
    const user = userEvent.setup();
    const grant = deferred<MediaStream>();
    const track = fakeTrack();
    const { calls } = installFakeMediaDevices({ getUserMedia: () => grant.promise, cameras });
    renderScanner();

    await user.click(screen.getByRole('button', { name: 'Request Camera Permissions' }));
    expect(header()).toHaveAttribute('data-status', 'requesting_permission');
    expect(header()).toHaveTextContent('Requesting camera permissions...');
    expect(screen.getByRole('button', { name: 'Request Camera Permissions' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    await act(async () => grant.resolve(fakeStream([track])));
    const select = await screen.findByRole('combobox', { name: 'Select Camera' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Default camera', 'Front Camera', 'Back Camera']);
    expect(calls[0]).toEqual({ video: true, audio: false });
    expect(track.stopped).toBe(true); // the permission probe releases the camera at once
    expect(stored()).toEqual({ hasPermission: true, lastUsedCameraId: null });
    expect(screen.queryByRole('button', { name: 'Request Camera Permissions' })).toBeNull();
    expect(header()).toHaveAttribute('data-status', 'default');
    // The permission button gave way: the focus went on to 'Start Scanning', not to the page.
    expect(screen.getByRole('button', { name: 'Start Scanning' })).toHaveFocus();
  });

  it('a denied request shows "Permission denied in browser" and the button again', async () => {
    const user = userEvent.setup();
    installFakeMediaDevices({
      getUserMedia: async () => {
        throw new DOMException('Permission denied', 'NotAllowedError');
      },
      cameras,
    });
    const { onError } = renderScanner();
    await user.click(screen.getByRole('button', { name: 'Request Camera Permissions' }));
    await waitFor(() => expect(header()).toHaveTextContent('Permission denied in browser'));
    expect(header()).toHaveAttribute('data-status', 'warning');
    expect(screen.getByRole('button', { name: 'Request Camera Permissions' })).toBeEnabled();
    expect(stored()).toEqual({ hasPermission: false, lastUsedCameraId: null });
    expect(onError).toHaveBeenCalledWith({ key: 'permissionDenied' });
  });

  it('the permission button keeps the keyboard focus while the browser asks, and after a denial', async () => {
    const user = userEvent.setup();
    const answer = deferred<MediaStream>();
    const { calls } = installFakeMediaDevices({ getUserMedia: () => answer.promise, cameras });
    renderScanner();
    const button = screen.getByRole('button', { name: 'Request Camera Permissions' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(header()).toHaveAttribute('data-status', 'requesting_permission');
    // Not `disabled`, which drops the focus to the page; a second press asks nothing.
    expect(button).toHaveFocus();
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.keyboard('{Enter}');
    expect(calls).toHaveLength(1);
    await act(async () => answer.reject(new DOMException('Permission denied', 'NotAllowedError')));
    await waitFor(() => expect(header()).toHaveTextContent('Permission denied in browser'));
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).toHaveFocus();
    expect(calls).toHaveLength(1);
  });

  it('a remembered grant skips the button and preselects the last used camera', async () => {
    localStorage.setItem(CAMERA_DATA_KEY, '{"hasPermission":true,"lastUsedCameraId":"cam-back"}');
    installFakeMediaDevices({ getUserMedia: async () => fakeStream([fakeTrack()]), cameras });
    renderScanner();
    const select = await screen.findByRole('combobox', { name: 'Select Camera' });
    await waitFor(() => expect(select).toHaveValue('cam-back'));
    expect(screen.queryByRole('button', { name: 'Request Camera Permissions' })).toBeNull();
  });

  it('numbers cameras without a label and says "No camera found" when there is none', async () => {
    localStorage.setItem(CAMERA_DATA_KEY, '{"hasPermission":true}');
    installFakeMediaDevices({
      getUserMedia: async () => fakeStream([fakeTrack()]),
      cameras: [{ deviceId: 'x', label: '' }],
    });
    renderScanner();
    expect(await screen.findByRole('option', { name: 'Camera 1' })).toBeInTheDocument();
    cleanup();

    installFakeMediaDevices({ getUserMedia: async () => fakeStream([fakeTrack()]), cameras: [] });
    renderScanner();
    await waitFor(() => expect(header()).toHaveTextContent('No camera found'));
  });

  it('a failing device query says so', async () => {
    localStorage.setItem(CAMERA_DATA_KEY, '{"hasPermission":true}');
    installFakeMediaDevices({
      getUserMedia: async () => fakeStream([fakeTrack()]),
      enumerateDevices: async () => {
        throw new Error('boom');
      },
    });
    renderScanner();
    await waitFor(() =>
      expect(header()).toHaveTextContent('Unable to query supported devices, unknown error.'),
    );
  });

  it('without mediaDevices: "Camera streaming not supported by the browser."', async () => {
    const user = userEvent.setup();
    removeMediaDevices();
    renderScanner();
    const button = screen.getByRole('button', { name: 'Request Camera Permissions' });
    expect(button).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Scan an Image File' }));
    await user.click(screen.getByRole('button', { name: 'Scan using camera directly' }));
    expect(screen.getByRole('button', { name: 'Request Camera Permissions' })).toBeDisabled();
  });

  it('on an insecure origin: the secure-context message', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    try {
      installFakeMediaDevices({ getUserMedia: async () => fakeStream([fakeTrack()]) });
      const { ref } = renderScanner();
      await act(async () => ref.current!.start());
      expect(header()).toHaveTextContent(
        'Camera access is only supported in secure context like https or localhost.',
      );
    } finally {
      Object.defineProperty(window, 'isSecureContext', { value: undefined, configurable: true });
    }
  });
});

describe('starting the camera', () => {
  const granted = () =>
    localStorage.setItem(CAMERA_DATA_KEY, '{"hasPermission":true,"lastUsedCameraId":null}');

  it.each([
    ['NotReadableError', 'Webcam or mic are already in use'],
    ['OverconstrainedError', 'Constraints can not be satisfied by avb. devices'],
    ['NotFoundError', 'No camera detected.'],
    ['AbortError', 'Error getting userMedia, error = AbortError: Timeout starting video source'],
  ])('a start failing with %s shows "%s" and re-enables the controls', async (name, text) => {
    const user = userEvent.setup();
    granted();
    installFakeMediaDevices({
      getUserMedia: async () => {
        throw new DOMException(name === 'AbortError' ? 'Timeout starting video source' : '', name);
      },
      cameras,
    });
    renderScanner();
    await screen.findByRole('combobox', { name: 'Select Camera' });
    await user.click(screen.getByRole('button', { name: 'Start Scanning' }));
    await waitFor(() => expect(header()).toHaveTextContent(text));
    expect(header()).toHaveAttribute('data-status', 'warning');
    expect(screen.getByRole('button', { name: 'Start Scanning' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Select Camera' })).toBeEnabled();
  });

  it('"Start Scanning" keeps the keyboard focus while the camera starts, and after a failed start', async () => {
    const user = userEvent.setup();
    granted();
    const answer = deferred<MediaStream>();
    const { calls } = installFakeMediaDevices({ getUserMedia: () => answer.promise, cameras });
    renderScanner();
    await screen.findByRole('combobox', { name: 'Select Camera' });
    const start = screen.getByRole('button', { name: 'Start Scanning' });
    start.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls).toHaveLength(1));
    // Not `disabled`, which drops the focus to the page; a second press starts nothing.
    expect(start).toHaveFocus();
    expect(start).toBeEnabled();
    expect(start).toHaveAttribute('aria-disabled', 'true');
    expect(start).toHaveAttribute('aria-busy', 'true');
    await user.keyboard('{Enter}');
    expect(header()).toHaveAttribute('data-status', 'default');
    await act(async () => answer.reject(new DOMException('', 'NotReadableError')));
    await waitFor(() => expect(header()).toHaveTextContent('Webcam or mic are already in use'));
    expect(start).not.toHaveAttribute('aria-disabled');
    expect(start).toHaveFocus();
    expect(calls).toHaveLength(1);
  });

  it('a start denied by the browser brings the permission button back', async () => {
    const user = userEvent.setup();
    granted();
    installFakeMediaDevices({
      getUserMedia: async () => {
        throw new DOMException('', 'NotAllowedError');
      },
      cameras,
    });
    renderScanner();
    await screen.findByRole('combobox', { name: 'Select Camera' });
    await user.click(screen.getByRole('button', { name: 'Start Scanning' }));
    expect(await screen.findByRole('button', { name: 'Request Camera Permissions' })).toBeEnabled();
    expect(header()).toHaveTextContent('Permission denied in browser');
    expect(stored().hasPermission).toBe(false);
  });

  it('a stream without a video track: "Required track is missing"', async () => {
    const user = userEvent.setup();
    granted();
    installFakeMediaDevices({ getUserMedia: async () => fakeStream([]), cameras });
    renderScanner();
    await screen.findByRole('combobox', { name: 'Select Camera' });
    await user.click(screen.getByRole('button', { name: 'Start Scanning' }));
    await waitFor(() => expect(header()).toHaveTextContent('Required track is missing'));
  });

  it('runs the camera: config constraints, remembers the camera, pause, resume after 200 ms, stop releases it', async () => {
    const user = userEvent.setup();
    granted();
    const track = fakeTrack({ deviceId: 'cam-back' });
    const { calls } = installFakeMediaDevices({
      getUserMedia: async () => fakeStream([track]),
      cameras,
    });
    const { container } = renderScanner();
    await screen.findByRole('combobox', { name: 'Select Camera' });
    await user.click(screen.getByRole('button', { name: 'Start Scanning' }));
    const stop = await screen.findByRole('button', { name: 'Stop Scanning' });
    // Each pressed button that gives way hands the keyboard focus to what replaced it.
    await waitFor(() => expect(stop).toHaveFocus());
    expect(calls.at(-1)).toEqual({ video: { facingMode: { ideal: 'environment' } }, audio: false });
    expect(stored()).toEqual({ hasPermission: true, lastUsedCameraId: 'cam-back' });
    expect(container.querySelector('section')).toHaveAttribute('data-phase', 'scanning');
    expect(container.querySelector('video')!.srcObject).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(header()).toHaveTextContent('Scanner paused');
    expect(screen.getByRole('button', { name: 'Resume' })).toHaveFocus();
    expect(container.querySelector('section')).toHaveAttribute('data-phase', 'paused');

    const resumed = performance.now();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() =>
      expect(container.querySelector('section')).toHaveAttribute('data-phase', 'scanning'),
    );
    expect(performance.now() - resumed).toBeGreaterThanOrEqual(195);

    await user.click(stop);
    expect(track.stopped).toBe(true);
    expect(container.querySelector('section')).toHaveAttribute('data-phase', 'not_started');
    expect(screen.getByRole('button', { name: 'Start Scanning' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Start Scanning' })).toHaveFocus();
  });

  it('starts the camera chosen in the list by its id', async () => {
    const user = userEvent.setup();
    granted();
    const { calls } = installFakeMediaDevices({
      getUserMedia: async () => fakeStream([fakeTrack({ deviceId: 'cam-front' })]),
      cameras,
    });
    renderScanner();
    const select = await screen.findByRole('combobox', { name: 'Select Camera' });
    await user.selectOptions(select, 'cam-front');
    await user.click(screen.getByRole('button', { name: 'Start Scanning' }));
    await screen.findByRole('button', { name: 'Stop Scanning' });
    expect(calls.at(-1)).toEqual({ video: { deviceId: { exact: 'cam-front' } }, audio: false });
  });

  it('draws the scan box of the device scanner over the video', async () => {
    const user = userEvent.setup();
    granted();
    installFakeMediaDevices({ getUserMedia: async () => fakeStream([fakeTrack()]), cameras });
    renderScanner({ config: deviceScannerConfig });
    await screen.findByRole('combobox', { name: 'Select Camera' });
    await user.click(screen.getByRole('button', { name: 'Start Scanning' }));
    const box = await screen.findByTestId('scan-box');
    // jsdom lays nothing out: the container counts as the default 300 px wide
    expect(box.style.width).toBe('250px');
    expect(box.style.height).toBe('250px');
  });

  it('offers torch and zoom only where the track supports them', async () => {
    const user = userEvent.setup();
    granted();
    const track = fakeTrack(
      { deviceId: 'cam-back', zoom: 1 },
      {
        torch: true,
        zoom: { min: 1, max: 5, step: 0.1 },
      },
    );
    installFakeMediaDevices({ getUserMedia: async () => fakeStream([track]), cameras });
    renderScanner();
    await screen.findByRole('combobox', { name: 'Select Camera' });
    await user.click(screen.getByRole('button', { name: 'Start Scanning' }));

    const torch = await screen.findByRole('button', { name: 'Switch On Torch' });
    await user.click(torch);
    expect(track.constraints.at(-1)).toEqual({ advanced: [{ torch: true }] });
    expect(await screen.findByRole('button', { name: 'Switch Off Torch' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    const zoom = screen.getByRole('slider', { name: 'Zoom' });
    expect(zoom).toHaveAttribute('min', '1');
    expect(zoom).toHaveAttribute('max', '5');
    expect(zoom).toHaveAttribute('step', '0.1');
    fireEvent.change(zoom, { target: { value: '2.5' } });
    await waitFor(() => expect(track.constraints.at(-1)).toEqual({ advanced: [{ zoom: 2.5 }] }));
  });

  it('shows neither torch nor zoom for a plain track', async () => {
    const user = userEvent.setup();
    granted();
    installFakeMediaDevices({ getUserMedia: async () => fakeStream([fakeTrack()]), cameras });
    renderScanner();
    await screen.findByRole('combobox', { name: 'Select Camera' });
    await user.click(screen.getByRole('button', { name: 'Start Scanning' }));
    await screen.findByRole('button', { name: 'Stop Scanning' });
    expect(screen.queryByRole('button', { name: /Torch/ })).toBeNull();
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it.each([
    [true, 'Failed to turn on torch'],
    [false, 'Failed to turn off torch'],
  ])('a torch that does not switch (to %s) says "%s"', async (on, text) => {
    const user = userEvent.setup();
    granted();
    const track = fakeTrack({ deviceId: 'c', torch: !on }, { torch: true });
    installFakeMediaDevices({ getUserMedia: async () => fakeStream([track]), cameras });
    renderScanner();
    await screen.findByRole('combobox', { name: 'Select Camera' });
    await user.click(screen.getByRole('button', { name: 'Start Scanning' }));
    if (!on) {
      await user.click(await screen.findByRole('button', { name: 'Switch On Torch' }));
      await screen.findByRole('button', { name: 'Switch Off Torch' });
    }
    track.applyConstraints = async () => {
      throw new DOMException('', 'NotSupportedError');
    };
    await user.click(
      await screen.findByRole('button', { name: on ? 'Switch On Torch' : 'Switch Off Torch' }),
    );
    await waitFor(() => expect(header()).toHaveTextContent(text));
  });

  it('releases the camera when the scanner goes away', async () => {
    const user = userEvent.setup();
    granted();
    const track = fakeTrack();
    installFakeMediaDevices({ getUserMedia: async () => fakeStream([track]), cameras });
    const { unmount } = renderScanner();
    await screen.findByRole('combobox', { name: 'Select Camera' });
    await user.click(screen.getByRole('button', { name: 'Start Scanning' }));
    await screen.findByRole('button', { name: 'Stop Scanning' });
    unmount();
    expect(track.stopped).toBe(true);
  });

  it('pausing a scanner that is not started says "Please start the scanner"', async () => {
    installFakeMediaDevices({ getUserMedia: async () => fakeStream([fakeTrack()]), cameras });
    const { ref } = renderScanner();
    act(() => ref.current!.pause());
    expect(header()).toHaveTextContent('Please start the scanner');
  });
});

describe('file mode', () => {
  const openFileMode = async (user: ReturnType<typeof userEvent.setup>) =>
    user.click(screen.getByRole('button', { name: 'Scan an Image File' }));

  it('refuses a file that is not an image, visibly, and scans nothing', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { onScan, onError } = renderScanner();
    await openFileMode(user);
    expect(screen.getByText('Or drop an image to scan')).toBeInTheDocument();
    const input = screen.getByLabelText('Choose Image');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    const notAnImage = 'This file is not an image. Choose an image (for example PNG or JPEG).';
    expect(header()).toHaveTextContent(notAnImage);
    expect(header()).toHaveAttribute('data-status', 'warning');
    // Said once, and the drop hint once: neither repeats the other.
    expect(screen.getAllByText(notAnImage)).toHaveLength(1);
    expect(screen.getAllByText(/drop an image/)).toHaveLength(1);
    expect(screen.getByText('No image chosen')).toBeInTheDocument();
    expect(onScan).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith({ key: 'notAnImage' });
  });

  it('refuses a dropped PDF', async () => {
    const user = userEvent.setup();
    const { onScan } = renderScanner();
    await openFileMode(user);
    fireEvent.drop(screen.getByTestId('file-drop-zone'), {
      dataTransfer: { files: [new File(['%PDF'], 'ticket.pdf', { type: 'application/pdf' })] },
    });
    expect(header()).toHaveTextContent('This file is not an image.');
    expect(onScan).not.toHaveBeenCalled();
  });

  it('decodes a chosen QR image, reports it and shows a long name shortened', async () => {
    const user = userEvent.setup();
    const png = await QRCode.toBuffer(
      'https://arcadia.example/u/3f2b8c1e-9a4d-4e6f-8b21-0c5d7e9f1a23',
    );
    const { onScan } = renderScanner();
    await openFileMode(user);
    await user.upload(
      screen.getByLabelText('Choose Image'),
      new File([new Uint8Array(png)], 'IMG_20260405_183012_user-card.png', { type: 'image/png' }),
    );
    await waitFor(() =>
      expect(onScan).toHaveBeenCalledWith(
        'https://arcadia.example/u/3f2b8c1e-9a4d-4e6f-8b21-0c5d7e9f1a23',
        expect.any(Object),
      ),
    );
    expect(header()).toHaveAttribute('data-status', 'success');
    expect(screen.getByText('Chosen image: IMG_2026...card.png')).toBeInTheDocument();
    expect(screen.getByLabelText('Choose Another')).toBeInTheDocument();
  });

  it('takes back its "scanned" when the page does not take the code (onScan answers false)', async () => {
    const user = userEvent.setup();
    const png = await QRCode.toBuffer('https://example.org/hello');
    const { onScan } = renderScanner({ onScan: () => false });
    await openFileMode(user);
    await user.upload(
      screen.getByLabelText('Choose Image'),
      new File([new Uint8Array(png)], 'other.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(onScan).toHaveBeenCalled());
    await waitFor(() => expect(header()).toHaveAttribute('data-status', 'default'));
  });

  it('a code from an image file comes with controls that have no camera: pausing says nothing', async () => {
    const user = userEvent.setup();
    const png = await QRCode.toBuffer('deviceId=berlin;arena-1');
    const { onScan } = renderScanner({
      config: deviceScannerConfig,
      onScan: (_text, controls) => {
        // what a page does after a code it could not use, as after a camera's
        controls!.pause();
        void controls!.resume();
        controls!.stop();
      },
    });
    await openFileMode(user);
    await user.upload(
      screen.getByLabelText('Choose Image'),
      new File([new Uint8Array(png)], 'device.png', { type: 'image/png' }),
    );
    await waitFor(() =>
      expect(onScan).toHaveBeenCalledWith(
        'deviceId=berlin;arena-1',
        expect.objectContaining({ source: 'file' }),
      ),
    );
    expect(header()).toHaveAttribute('data-status', 'success');
    expect(screen.queryByText('Please start the scanner')).not.toBeInTheDocument();
  });

  it('reads a small, soft photo of a code (240 px) at twice its size when nothing reads it as is', async () => {
    const text = 'https://arcadia.example/u/3f2b8c1e-9a4d-4e6f-8b21-0c5d7e9f1a23';
    // A phone photo: the code 60 px wide (about 1.5 px per module) on grey paper, soft.
    const code = await sharp(await QRCode.toBuffer(text, { width: 600, margin: 4 }))
      .resize(60, 60, { kernel: 'cubic' })
      .png()
      .toBuffer();
    const photo = await sharp({
      create: { width: 240, height: 240, channels: 3, background: '#d8d4cc' },
    })
      .composite([{ input: code, gravity: 'centre' }])
      .blur(1.4)
      .png()
      .toBuffer();
    // jsdom has no createImageBitmap: decode the file into a canvas (the real pixels; jsdom's
    // canvas draws it like a bitmap), as the browser does.
    vi.stubGlobal('createImageBitmap', async (blob: Blob) => {
      const { data, info } = await sharp(Buffer.from(await blob.arrayBuffer()))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const canvas = document.createElement('canvas');
      canvas.width = info.width;
      canvas.height = info.height;
      const ctx = canvas.getContext('2d')!;
      const pixels = ctx.createImageData(info.width, info.height);
      pixels.data.set(data);
      ctx.putImageData(pixels, 0, 0);
      return Object.assign(canvas, { close: () => {} });
    });
    // Which frames the decoder saw (the real one, watched): widths of the padded canvases.
    const decoderModule = await import('./decoder');
    const { createDecoder } = decoderModule;
    const frames: number[] = [];
    vi.spyOn(decoderModule, 'createDecoder').mockImplementation((formats) => {
      const real = createDecoder(formats);
      return {
        ...real,
        decode: (source) => {
          if (source instanceof HTMLCanvasElement) frames.push(source.width);
          return real.decode(source);
        },
      };
    });
    const user = userEvent.setup();
    const { onScan } = renderScanner();
    await openFileMode(user);
    await user.upload(
      screen.getByLabelText('Choose Image'),
      new File([new Uint8Array(photo)], 'photo.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(onScan).toHaveBeenCalledWith(text, expect.any(Object)), {
      timeout: 10_000,
    });
    // As it is and mirrored with the 100 px margin: nothing; at 2×: the code.
    expect(frames).toEqual([440, 440, 680]);
  });

  it('an image without a code: "QR code parse error, error = ..."', async () => {
    const user = userEvent.setup();
    // a 1x1 white PNG
    const blank = Uint8Array.from(
      atob(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC',
      ),
      (c) => c.charCodeAt(0),
    );
    const { onScan } = renderScanner();
    await openFileMode(user);
    await user.upload(
      screen.getByLabelText('Choose Image'),
      new File([blank], 'blank.png', { type: 'image/png' }),
    );
    await waitFor(() =>
      expect(header()).toHaveTextContent(
        'QR code parse error, error = No barcode or QR code found in the image',
      ),
    );
    expect(onScan).not.toHaveBeenCalled();
  });

  it('the file input keeps the keyboard focus while it scans, and opens no file dialog meanwhile', async () => {
    const user = userEvent.setup();
    // a 1x1 white PNG, read only when the test says so
    const blank = Uint8Array.from(
      atob(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC',
      ),
      (c) => c.charCodeAt(0),
    );
    const read = deferred<void>();
    const file = new File([blank], 'blank.png', { type: 'image/png' });
    const bytes = file.arrayBuffer.bind(file);
    file.arrayBuffer = () => read.promise.then(bytes);
    const { onScan } = renderScanner();
    await openFileMode(user);
    const input = screen.getByLabelText('Choose Image');
    await user.upload(input, file);
    const region = screen.getByRole('region', { name: 'Code scanner' });
    await waitFor(() => expect(region).toHaveAttribute('aria-busy', 'true'));
    // Not `disabled`, which drops the focus to the page; choosing again opens nothing.
    expect(input).toHaveFocus();
    expect(input).toBeEnabled();
    expect(input).toHaveAttribute('aria-disabled', 'true');
    await user.upload(input, new File([blank], 'other.png', { type: 'image/png' }));
    expect(header()).not.toHaveAttribute('data-status', 'warning');
    expect(screen.getByText('Chosen image: blank.png')).toBeInTheDocument();
    read.resolve();
    await waitFor(() =>
      expect(header()).toHaveTextContent(
        'QR code parse error, error = No barcode or QR code found in the image',
      ),
    );
    expect(region).toHaveAttribute('aria-busy', 'false');
    expect(input).not.toHaveAttribute('aria-disabled');
    expect(input).toHaveFocus();
    expect(onScan).not.toHaveBeenCalled();
  });

  it('switching to file mode stops a running camera', async () => {
    const user = userEvent.setup();
    localStorage.setItem(CAMERA_DATA_KEY, '{"hasPermission":true}');
    const track = fakeTrack();
    installFakeMediaDevices({ getUserMedia: async () => fakeStream([track]), cameras });
    const { container } = renderScanner();
    await screen.findByRole('combobox', { name: 'Select Camera' });
    await user.click(screen.getByRole('button', { name: 'Start Scanning' }));
    await screen.findByRole('button', { name: 'Stop Scanning' });
    await openFileMode(user);
    expect(track.stopped).toBe(true);
    expect(container.querySelector('section')).toHaveAttribute('data-phase', 'not_started');
    expect(screen.getByLabelText('Choose Image')).toBeEnabled();
  });

  it('a file-only scanner has no camera and no mode switch', () => {
    renderScanner({ config: { supportedScanTypes: ['file'] } });
    expect(screen.getByLabelText('Choose Image')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /camera/i })).toBeNull();
  });
});

describe('in German', () => {
  it('labels the controls and shows the messages in German', async () => {
    const user = userEvent.setup();
    installFakeMediaDevices({
      getUserMedia: async () => {
        throw new DOMException('', 'NotAllowedError');
      },
    });
    renderScanner({}, de);
    await user.click(screen.getByRole('button', { name: 'Kamerazugriff erlauben' }));
    await waitFor(() => expect(header()).toHaveTextContent('Zugriff im Browser verweigert'));
    await user.click(screen.getByRole('button', { name: 'Eine Bilddatei scannen' }));
    expect(screen.getByText('Oder ein Bild zum Scannen hierher ziehen')).toBeInTheDocument();
  });
});

describe('look', () => {
  it("uses the app's colour tokens only, not Tailwind's stock palette", async () => {
    const user = userEvent.setup();
    localStorage.setItem(CAMERA_DATA_KEY, '{"hasPermission":true}');
    installFakeMediaDevices({ getUserMedia: async () => fakeStream([fakeTrack()]), cameras });
    const { container } = renderScanner({ config: deviceScannerConfig });
    await screen.findByRole('combobox', { name: 'Select Camera' });
    await user.click(screen.getByRole('button', { name: 'Start Scanning' }));
    await screen.findByTestId('scan-box');
    const classesOf = () =>
      [container, ...container.querySelectorAll('*')].map((e) => e.getAttribute('class') ?? '');
    const started = classesOf();
    await user.click(screen.getByRole('button', { name: 'Stop Scanning' }));
    await user.click(screen.getByRole('button', { name: 'Scan an Image File' }));
    const stock = /\b(?:[a-z:-]+-)?(?:slate|gray|zinc|fuchsia|amber|emerald|cyan|sky|rose)-\d/;
    for (const classes of [...started, ...classesOf()]) expect(classes).not.toMatch(stock);
    expect(screen.getByTestId('file-drop-zone').className).toContain('border-neon-pink');
  });
});

describe('accessibility', () => {
  it('is a labelled region whose controls are reachable by keyboard', async () => {
    const user = userEvent.setup();
    installFakeMediaDevices({ getUserMedia: async () => fakeStream([fakeTrack()]), cameras });
    renderScanner();
    expect(screen.getByRole('region', { name: 'Code scanner' })).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Request Camera Permissions' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Scan an Image File' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Choose Image')).toBeInTheDocument();
  });
});
