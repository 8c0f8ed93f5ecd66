/**
 * Every message the scanner shows (spec §8, shown as warnings) as i18n keys under
 * `scanner.messages`, and the mapping of browser camera errors onto them.
 */

export const MESSAGE_KEYS = [
  // spec §8
  'notSupported',
  'userMediaError',
  'insecureContext',
  'unableToQuery',
  'noCameraFound',
  'noCameraDetected',
  'torchOnFailed',
  'torchOffFailed',
  'parseError',
  'paused',
  'trackMissing',
  'inUse',
  'overconstrained',
  'permissionDenied',
  'emptyConstraints',
  'pleaseStart',
  'scriptLoad',
  // the widget's own
  'requestingPermission',
  'scanned',
  'notAnImage',
  'notAFile',
  'alreadyStarted',
  'alreadyPaused',
  'notPaused',
  'busy',
  'fileScanWhileCamera',
  'noCodeFound',
] as const;
export type MessageKey = (typeof MESSAGE_KEYS)[number];

export interface ScannerMessage {
  key: MessageKey;
  /**
   * `error` fills the "error = ..." of userMediaError and parseError; `errorKey` does the same
   * with another message, translated when shown.
   */
  params?: { error?: string; errorKey?: MessageKey };
}

/** Thrown by the camera and file code with the message to show. */
export class ScannerError extends Error {
  constructor(
    public readonly scannerMessage: ScannerMessage,
    options?: { cause?: unknown },
  ) {
    super(scannerMessage.key, options);
    this.name = 'ScannerError';
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message ? `${error.name}: ${error.message}` : error.name;
  return String(error);
}

/** getUserMedia / applyConstraints rejections, by the error's name. */
export function mediaErrorMessage(error: unknown): ScannerMessage {
  if (error instanceof ScannerError) return error.scannerMessage;
  const name = (error as { name?: unknown } | null)?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return { key: 'permissionDenied' };
    case 'NotReadableError':
    case 'TrackStartError':
      return { key: 'inUse' };
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return { key: 'overconstrained' };
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return { key: 'noCameraDetected' };
    case 'TypeError':
      // getUserMedia({}) / applyConstraints without anything to apply
      return { key: 'emptyConstraints' };
    default:
      return { key: 'userMediaError', params: { error: describe(error) } };
  }
}

/** Whether a failure means the permission is gone, so the permission button must come back. */
export function isPermissionError(error: unknown): boolean {
  return mediaErrorMessage(error).key === 'permissionDenied';
}

export function parseErrorMessage(error: unknown): ScannerMessage {
  return { key: 'parseError', params: { error: describe(error) } };
}

/**
 * Why the camera cannot be used at all in this browser, or null when it can. An insecure
 * origin hides navigator.mediaDevices, so it is checked first to give the real reason.
 */
export function cameraUnavailable(win: Window = window): ScannerMessage | null {
  if (win.isSecureContext === false) return { key: 'insecureContext' };
  const media = win.navigator.mediaDevices as MediaDevices | undefined;
  if (!media || typeof media.getUserMedia !== 'function') return { key: 'notSupported' };
  return null;
}
