import { screen, waitFor } from '@testing-library/react';
import QRCode from 'qrcode';
import { beforeAll, expect, it } from 'vitest';
import { apiError, handlers, server } from '../../testing/api';
import { neo } from '../../testing/factories';
import { renderApp } from '../../testing/render-app';
import { useRealDecoderWasm } from '../../testing/scanner-wasm';
import { signedInStore } from '../../testing/store';
import { Component as PlayPage } from './PlayPage';

// The real scanner widget in file mode (PlayPage.test.tsx drives a stand-in).
beforeAll(() => useRealDecoderWasm());

it('file mode, a device code the server does not know: the reason and one way on, no camera warning', async () => {
  server.use(
    handlers.getCurrentDevice({ body: {} }),
    handlers.startPlaying(apiError(404, 'device_not_found', 'server message')),
  );
  const { user } = await renderApp([{ path: '/play', Component: PlayPage }], {
    path: '/play',
    store: await signedInStore(neo()),
  });
  await user.click(screen.getByRole('button', { name: 'Eine Bilddatei scannen' }));
  const png = await QRCode.toBuffer('deviceId=berlin;arena-9');
  await user.upload(
    screen.getByLabelText('Bild auswählen'),
    new File([new Uint8Array(png)], 'device.png', { type: 'image/png' }),
  );

  // (decoding the image with the wasm takes a moment in jsdom)
  const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
  expect(alert).toHaveTextContent('Das hat nicht geklappt');
  expect(alert).toHaveTextContent('Dieses Gerät kennen wir nicht.');
  // No camera to start in file mode: the scanner's message line says nothing of it.
  await waitFor(() => expect(screen.getByRole('status')).toHaveAttribute('data-status', 'default'));
  expect(screen.queryByText('Bitte starte den Scanner')).not.toBeInTheDocument();
  // One way on: choosing another image (no 'Erneut scannen' beside it).
  expect(screen.queryByRole('button', { name: 'Erneut scannen' })).not.toBeInTheDocument();
  expect(screen.getByLabelText('Anderes Bild auswählen')).toBeEnabled();
});
