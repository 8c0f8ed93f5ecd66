import { describe, expect, it } from 'vitest';
import de from './i18n/de.json';
import en from './i18n/en.json';
import {
  cameraUnavailable,
  MESSAGE_KEYS,
  mediaErrorMessage,
  parseErrorMessage,
  ScannerError,
} from './messages';

const domError = (name: string, message = '') => new DOMException(message, name);

describe('getUserMedia errors → scanner messages (spec §8)', () => {
  it.each([
    ['NotAllowedError', 'permissionDenied'],
    ['PermissionDeniedError', 'permissionDenied'],
    ['SecurityError', 'permissionDenied'],
    ['NotReadableError', 'inUse'],
    ['TrackStartError', 'inUse'],
    ['OverconstrainedError', 'overconstrained'],
    ['ConstraintNotSatisfiedError', 'overconstrained'],
    ['NotFoundError', 'noCameraDetected'],
    ['DevicesNotFoundError', 'noCameraDetected'],
  ])('%s → %s', (name, key) => {
    expect(mediaErrorMessage(domError(name))).toEqual({ key });
  });

  it('an empty constraints TypeError → emptyConstraints', () => {
    expect(
      mediaErrorMessage(new TypeError('At least one of audio and video must be requested')),
    ).toEqual({
      key: 'emptyConstraints',
    });
  });

  it('anything else → "Error getting userMedia, error = ..." with the error', () => {
    expect(mediaErrorMessage(domError('AbortError', 'Timeout starting video source'))).toEqual({
      key: 'userMediaError',
      params: { error: 'AbortError: Timeout starting video source' },
    });
    expect(mediaErrorMessage('weird')).toEqual({
      key: 'userMediaError',
      params: { error: 'weird' },
    });
  });

  it('a ScannerError keeps its own message', () => {
    expect(mediaErrorMessage(new ScannerError({ key: 'trackMissing' }))).toEqual({
      key: 'trackMissing',
    });
  });

  it('decoder failures → "QR code parse error, error = ..."', () => {
    expect(parseErrorMessage(new Error('boom'))).toEqual({
      key: 'parseError',
      params: { error: 'Error: boom' },
    });
  });
});

describe('camera availability', () => {
  const fakeWindow = (isSecureContext: boolean, mediaDevices: unknown) =>
    ({ isSecureContext, navigator: { mediaDevices } }) as unknown as Window;

  it('an insecure origin → the secure-context message', () => {
    expect(cameraUnavailable(fakeWindow(false, undefined))).toEqual({ key: 'insecureContext' });
  });
  it('no mediaDevices → "Camera streaming not supported by the browser."', () => {
    expect(cameraUnavailable(fakeWindow(true, undefined))).toEqual({ key: 'notSupported' });
    expect(cameraUnavailable(fakeWindow(true, {}))).toEqual({ key: 'notSupported' });
  });
  it('getUserMedia present on a secure origin → available', () => {
    expect(cameraUnavailable(fakeWindow(true, { getUserMedia: () => null }))).toBeNull();
  });
});

describe('translations', () => {
  const specTexts = {
    notSupported: 'Camera streaming not supported by the browser.',
    userMediaError: 'Error getting userMedia, error = {{error}}',
    insecureContext: 'Camera access is only supported in secure context like https or localhost.',
    unableToQuery: 'Unable to query supported devices, unknown error.',
    noCameraFound: 'No camera found',
    noCameraDetected: 'No camera detected.',
    torchOnFailed: 'Failed to turn on torch',
    torchOffFailed: 'Failed to turn off torch',
    parseError: 'QR code parse error, error = {{error}}',
    paused: 'Scanner paused',
    trackMissing: 'Required track is missing',
    inUse: 'Webcam or mic are already in use',
    overconstrained: 'Constraints can not be satisfied by avb. devices',
    permissionDenied: 'Permission denied in browser',
    emptyConstraints: 'Empty constraints object',
    pleaseStart: 'Please start the scanner',
    scriptLoad: 'Could not load script',
    notAnImage: 'This file is not an image. Choose an image (for example PNG or JPEG).',
  };

  it('English uses the spec\u2019s texts word for word', () => {
    expect(en.scanner.messages).toMatchObject(specTexts);
  });

  it('every message key has an English and a German text', () => {
    for (const key of MESSAGE_KEYS) {
      expect(en.scanner.messages[key], key).toBeTruthy();
      expect(de.scanner.messages[key], key).toBeTruthy();
    }
  });

  it('German and English have the same keys, and German is translated', () => {
    expect(Object.keys(de.scanner.messages).sort()).toEqual(
      Object.keys(en.scanner.messages).sort(),
    );
    expect(Object.keys(de.scanner.ui).sort()).toEqual(Object.keys(en.scanner.ui).sort());
    for (const key of Object.keys(specTexts) as Array<keyof typeof specTexts>) {
      expect(de.scanner.messages[key], key).not.toBe(en.scanner.messages[key]);
    }
    expect(de.scanner.messages.userMediaError).toContain('{{error}}');
    expect(de.scanner.messages.parseError).toContain('{{error}}');
  });
});
