import { describe, expect, it } from 'vitest';
import { SUPPORTED_FORMATS } from '@arcadia/contracts';
import {
  deviceScannerConfig,
  resolveScannerConfig,
  scanBoxSize,
  ScannerConfigError,
  userCardScannerConfig,
  validateCameraConfig,
  videoConstraints,
  type ScannerConfig,
} from './config';

/** Configs come from code; tests feed wrong shapes on purpose. */
const resolve = (config: unknown) => resolveScannerConfig(config as ScannerConfig);
const fails = (config: unknown, message: string | RegExp) => {
  expect(() => resolve(config)).toThrow(ScannerConfigError);
  expect(() => resolve(config)).toThrow(message);
};

describe('scanner config defaults (spec §9)', () => {
  it('2 fps, no box, all 17 formats, both scan types, rear camera, flip retry on', () => {
    const config = resolveScannerConfig();
    expect(config).toEqual({
      fps: 2,
      qrbox: null,
      formats: [...SUPPORTED_FORMATS],
      scanTypes: ['camera', 'file'],
      camera: { facingMode: 'environment' },
      beep: true,
      vibrate: 0,
      flipRetry: true,
      rememberLastUsedCamera: true,
      torch: true,
      zoom: true,
    });
    expect(config.formats).toHaveLength(17);
    expect(config.formats[0]).toBe('qr_code');
  });
});

describe('formats', () => {
  it('must be an array', () =>
    fails({ formats: 'qr_code' }, 'formats should be undefined or an array'));
  it('must not be empty', () => fails({ formats: [] }, 'formats must be a non-empty array'));
  it('must name supported formats', () =>
    fails({ formats: ['qr_code', 'nope'] }, 'Unsupported format nope'));
  it('keeps a valid list', () => {
    expect(resolve({ formats: ['qr_code', 'ean_13'] }).formats).toEqual(['qr_code', 'ean_13']);
  });
});

describe('supported scan types', () => {
  it('at most 2', () =>
    fails(
      { supportedScanTypes: ['camera', 'file', 'camera'] },
      'Max 2 values expected for supportedScanTypes',
    ));
  it('only camera and file', () =>
    fails({ supportedScanTypes: ['nfc'] }, 'Unsupported scan type nfc'));
  it('not repeated', () => fails({ supportedScanTypes: ['file', 'file'] }, 'must not repeat'));
  it('not empty', () => fails({ supportedScanTypes: [] }, 'at least 1 scan type'));
  it('an array', () => fails({ supportedScanTypes: 'camera' }, 'should be undefined or an array'));
  it('one type is fine', () => {
    expect(resolve({ supportedScanTypes: ['file'] }).scanTypes).toEqual(['file']);
  });
});

describe('camera config: exactly one key, facingMode or deviceId', () => {
  it('no key', () =>
    fails({ camera: {} }, "'camera' object should have exactly 1 key, found 0 keys"));
  it('two keys', () =>
    fails(
      { camera: { facingMode: 'user', deviceId: 'x' } },
      'should have exactly 1 key, found 2 keys',
    ));
  it('another key', () =>
    fails(
      { camera: { width: 640 } },
      "Only 'facingMode' and 'deviceId' are supported for 'camera'",
    ));
  it('not an object', () => fails({ camera: 'user' }, "'camera' should be an object"));
  it('facingMode user or environment', () =>
    fails(
      { camera: { facingMode: 'left' } },
      "If 'facingMode' is a string, it should be 'user' or 'environment'",
    ));
  it('facingMode object with one exact or ideal key', () =>
    fails({ camera: { facingMode: { min: 'user' } } }, "exactly 1 key, 'exact' or 'ideal'"));
  it('facingMode.exact user or environment', () =>
    fails(
      { camera: { facingMode: { exact: 'back' } } },
      "'facingMode.exact' should be 'user' or 'environment'",
    ));
  it('facingMode of another type', () =>
    fails({ camera: { facingMode: 3 } }, "'facingMode' should be a string or an object"));
  it('deviceId a non-empty string or { exact }', () => {
    fails({ camera: { deviceId: '' } }, "'deviceId' should be a non-empty string");
    fails({ camera: { deviceId: { ideal: 'x' } } }, "'deviceId' should be a non-empty string");
  });
  it.each([
    [{ facingMode: 'user' }],
    [{ facingMode: 'environment' }],
    [{ facingMode: { exact: 'environment' } }],
    [{ facingMode: { ideal: 'user' } }],
    [{ deviceId: 'abc' }],
    [{ deviceId: { exact: 'abc' } }],
  ])('accepts %o', (camera) => {
    expect(validateCameraConfig(camera)).toEqual(camera);
  });
  it('turns into getUserMedia video constraints', () => {
    expect(videoConstraints({ facingMode: { ideal: 'environment' } })).toEqual({
      facingMode: { ideal: 'environment' },
    });
    expect(videoConstraints({ deviceId: { exact: 'cam' } })).toEqual({
      deviceId: { exact: 'cam' },
    });
  });
});

describe('scan box', () => {
  it('at least 50 px', () =>
    fails({ qrbox: 49 }, "minimum size of 'qrbox' dimension value is 50px"));
  it('each side at least 50 px', () =>
    fails(
      { qrbox: { width: 250, height: 20 } },
      "minimum size of 'qrbox.height' dimension value is 50px",
    ));
  it('a number or width and height', () => {
    fails({ qrbox: '250' }, "'qrbox' should be a number or an object with width and height");
    fails(
      { qrbox: { width: 250 } },
      "'qrbox' should be a number or an object with width and height",
    );
    fails({ qrbox: { width: '250', height: 250 } }, "'qrbox.width' should be a number");
  });
  it('a number means a square', () => {
    expect(resolve({ qrbox: 50 }).qrbox).toEqual({ width: 50, height: 50 });
  });
  it('is cut to the container width (and video height)', () => {
    expect(scanBoxSize({ width: 250, height: 250 }, 200)).toEqual({ width: 200, height: 250 });
    expect(scanBoxSize({ width: 250, height: 250 }, 600, 180)).toEqual({ width: 250, height: 180 });
    expect(scanBoxSize({ width: 250, height: 250 }, 600, 450)).toEqual({ width: 250, height: 250 });
  });
  it('a container without width counts as the default 300 px', () => {
    expect(scanBoxSize({ width: 400, height: 100 }, 0)).toEqual({ width: 300, height: 100 });
  });
});

describe('other options', () => {
  it('fps must be a positive number', () => {
    fails({ fps: 0 }, 'fps should be a number greater than 0');
    fails({ fps: '10' }, 'fps should be a number greater than 0');
    fails({ fps: 120 }, 'at most 60');
  });
  it('vibrate must be whole ms', () => fails({ vibrate: -1 }, 'vibrate should be a whole number'));
  it('flags must be booleans', () => fails({ beep: 'no' }, 'beep should be true or false'));
  it('the config must be an object', () => fails([], 'config should be an object'));
  it('flip retry can be turned off', () => {
    expect(resolve({ flipRetry: false }).flipRetry).toBe(false);
  });
});

describe('presets (spec §9)', () => {
  it('device scanner: 10 fps, 250x250 box, rear camera, QR only', () => {
    expect(resolveScannerConfig(deviceScannerConfig)).toMatchObject({
      fps: 10,
      qrbox: { width: 250, height: 250 },
      camera: { facingMode: 'environment' },
      formats: ['qr_code'],
    });
  });
  it('user-card scanner: no beep, rear camera ideal, vibrate 300 ms, 30 fps', () => {
    expect(resolveScannerConfig(userCardScannerConfig)).toMatchObject({
      fps: 30,
      beep: false,
      vibrate: 300,
      camera: { facingMode: { ideal: 'environment' } },
      flipRetry: true,
    });
  });
});
