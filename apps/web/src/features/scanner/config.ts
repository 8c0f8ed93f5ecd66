/**
 * Scanner configuration: validation with the errors of spec §5, defaults of spec §9, and the two
 * presets the app uses. A bad config is a programming error: `resolveScannerConfig` throws.
 */
import {
  DEVICE_SCANNER_BOX,
  DEVICE_SCANNER_FPS,
  SCAN_BOX_MIN,
  SCAN_TYPES,
  SCANNER_DEFAULT_FPS,
  SCANNER_DEFAULT_WIDTH,
  SUPPORTED_FORMATS,
  USER_CARD_SCANNER_FPS,
  USER_CARD_VIBRATE_MS,
  type ScanType,
  type SupportedFormat,
} from '@arcadia/contracts';

export type FacingMode = 'user' | 'environment';
/** Exactly one key: facingMode (user or environment, plain, exact or ideal) or deviceId. */
export type CameraConfig =
  | { facingMode: FacingMode | { exact: FacingMode } | { ideal: FacingMode } }
  | { deviceId: string | { exact: string } };
export type ScanBox = number | { width: number; height: number };

export interface ScannerConfig {
  /** Frames decoded per second; default 2. */
  fps?: number;
  /** The scan box drawn over the video; only its area is decoded. Default: the whole frame. */
  qrbox?: ScanBox;
  /** Barcode formats to read; a non-empty array. Default: all 17. */
  formats?: readonly SupportedFormat[];
  /** At most the two scan types, camera and file. Default: both. */
  supportedScanTypes?: readonly ScanType[];
  /** Default: the rear camera. */
  camera?: CameraConfig;
  /** A short tone on every new code; default on. */
  beep?: boolean;
  /** Vibrate this many ms on every new code where the device can; default 0 (off). */
  vibrate?: number;
  /** Decode the mirrored frame when the plain one finds nothing; default true. */
  flipRetry?: boolean;
  /** Remember the grant and the last used camera under HTML5_QRCODE_DATA; default true. */
  rememberLastUsedCamera?: boolean;
  showTorchButtonIfSupported?: boolean;
  showZoomSliderIfSupported?: boolean;
}

export interface ResolvedScannerConfig {
  fps: number;
  qrbox: { width: number; height: number } | null;
  formats: SupportedFormat[];
  scanTypes: ScanType[];
  camera: CameraConfig;
  beep: boolean;
  vibrate: number;
  flipRetry: boolean;
  rememberLastUsedCamera: boolean;
  torch: boolean;
  zoom: boolean;
}

export class ScannerConfigError extends Error {
  override name = 'ScannerConfigError';
}

const FACING_MODES: readonly string[] = ['user', 'environment'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function validateFormats(formats: unknown): SupportedFormat[] {
  if (formats === undefined) return [...SUPPORTED_FORMATS];
  if (!Array.isArray(formats))
    throw new ScannerConfigError('formats should be undefined or an array');
  if (formats.length === 0)
    throw new ScannerConfigError('formats must be a non-empty array: at least 1 format is needed');
  for (const format of formats) {
    if (!(SUPPORTED_FORMATS as readonly unknown[]).includes(format))
      throw new ScannerConfigError(`Unsupported format ${String(format)}`);
  }
  return [...new Set(formats as SupportedFormat[])];
}

function validateScanTypes(types: unknown): ScanType[] {
  if (types === undefined) return [...SCAN_TYPES];
  if (!Array.isArray(types))
    throw new ScannerConfigError('supportedScanTypes should be undefined or an array');
  if (types.length === 0)
    throw new ScannerConfigError('supportedScanTypes needs at least 1 scan type');
  if (types.length > SCAN_TYPES.length)
    throw new ScannerConfigError(`Max ${SCAN_TYPES.length} values expected for supportedScanTypes`);
  for (const type of types) {
    if (!(SCAN_TYPES as readonly unknown[]).includes(type))
      throw new ScannerConfigError(`Unsupported scan type ${String(type)}`);
  }
  if (new Set(types).size !== types.length)
    throw new ScannerConfigError('supportedScanTypes must not repeat a scan type');
  return [...(types as ScanType[])];
}

export function validateCameraConfig(camera: unknown): CameraConfig {
  if (!isRecord(camera)) throw new ScannerConfigError("'camera' should be an object");
  const keys = Object.keys(camera);
  if (keys.length !== 1)
    throw new ScannerConfigError(
      `'camera' object should have exactly 1 key, found ${keys.length} keys`,
    );
  const key = keys[0]!;
  const value = camera[key];
  if (key === 'facingMode') {
    if (typeof value === 'string') {
      if (!FACING_MODES.includes(value))
        throw new ScannerConfigError(
          "If 'facingMode' is a string, it should be 'user' or 'environment'",
        );
      return { facingMode: value as FacingMode };
    }
    if (isRecord(value)) {
      const inner = Object.keys(value);
      if (inner.length !== 1 || (inner[0] !== 'exact' && inner[0] !== 'ideal'))
        throw new ScannerConfigError(
          "'facingMode' as an object should have exactly 1 key, 'exact' or 'ideal'",
        );
      const mode = value[inner[0]];
      if (typeof mode !== 'string' || !FACING_MODES.includes(mode))
        throw new ScannerConfigError(`'facingMode.${inner[0]}' should be 'user' or 'environment'`);
      return { facingMode: { [inner[0]]: mode } } as CameraConfig;
    }
    throw new ScannerConfigError("'facingMode' should be a string or an object");
  }
  if (key === 'deviceId') {
    if (typeof value === 'string' && value.length > 0) return { deviceId: value };
    if (
      isRecord(value) &&
      Object.keys(value).length === 1 &&
      typeof value.exact === 'string' &&
      value.exact.length > 0
    )
      return { deviceId: { exact: value.exact } };
    throw new ScannerConfigError(
      "'deviceId' should be a non-empty string or an object with one 'exact' string",
    );
  }
  throw new ScannerConfigError("Only 'facingMode' and 'deviceId' are supported for 'camera'");
}

function validateDimension(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new ScannerConfigError(`'${name}' should be a number`);
  if (value < SCAN_BOX_MIN)
    throw new ScannerConfigError(`minimum size of '${name}' dimension value is ${SCAN_BOX_MIN}px`);
  return Math.floor(value);
}

function validateScanBox(qrbox: unknown): ResolvedScannerConfig['qrbox'] {
  if (qrbox === undefined) return null;
  if (typeof qrbox === 'number') {
    const size = validateDimension(qrbox, 'qrbox');
    return { width: size, height: size };
  }
  if (isRecord(qrbox) && 'width' in qrbox && 'height' in qrbox)
    return {
      width: validateDimension(qrbox.width, 'qrbox.width'),
      height: validateDimension(qrbox.height, 'qrbox.height'),
    };
  throw new ScannerConfigError("'qrbox' should be a number or an object with width and height");
}

function validateFps(fps: unknown): number {
  if (fps === undefined) return SCANNER_DEFAULT_FPS;
  if (typeof fps !== 'number' || !Number.isFinite(fps) || fps <= 0 || fps > 60)
    throw new ScannerConfigError('fps should be a number greater than 0 and at most 60');
  return fps;
}

function validateVibrate(ms: unknown): number {
  if (ms === undefined) return 0;
  if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > 5000)
    throw new ScannerConfigError('vibrate should be a whole number of ms from 0 to 5000');
  return ms;
}

function flag(value: unknown, name: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new ScannerConfigError(`${name} should be true or false`);
  return value;
}

export function resolveScannerConfig(config: ScannerConfig = {}): ResolvedScannerConfig {
  const raw: unknown = config;
  if (!isRecord(raw)) throw new ScannerConfigError('config should be an object');
  return {
    fps: validateFps(raw.fps),
    qrbox: validateScanBox(raw.qrbox),
    formats: validateFormats(raw.formats),
    scanTypes: validateScanTypes(raw.supportedScanTypes),
    camera: validateCameraConfig(raw.camera ?? { facingMode: 'environment' }),
    beep: flag(raw.beep, 'beep', true),
    vibrate: validateVibrate(raw.vibrate),
    flipRetry: flag(raw.flipRetry, 'flipRetry', true),
    rememberLastUsedCamera: flag(raw.rememberLastUsedCamera, 'rememberLastUsedCamera', true),
    torch: flag(raw.showTorchButtonIfSupported, 'showTorchButtonIfSupported', true),
    zoom: flag(raw.showZoomSliderIfSupported, 'showZoomSliderIfSupported', true),
  };
}

/**
 * The scan box on screen: the configured box cut to the container's width (and to the video's
 * height when known). A container that reports no width counts as the default 300 px.
 */
export function scanBoxSize(
  qrbox: { width: number; height: number },
  containerWidth: number,
  containerHeight?: number,
): { width: number; height: number } {
  const width = containerWidth > 0 ? containerWidth : SCANNER_DEFAULT_WIDTH;
  return {
    width: Math.min(qrbox.width, width),
    height: Math.min(
      qrbox.height,
      containerHeight && containerHeight > 0 ? containerHeight : Infinity,
    ),
  };
}

/** The play page's device scanner: 10 fps, a 250 x 250 box, the rear camera, QR codes only. */
export const deviceScannerConfig: ScannerConfig = {
  fps: DEVICE_SCANNER_FPS,
  qrbox: { width: DEVICE_SCANNER_BOX, height: DEVICE_SCANNER_BOX },
  camera: { facingMode: 'environment' },
  formats: ['qr_code'],
};

/** The link and visit pages' user-card scanner: no beep, rear camera ideal, vibrate 300 ms, 30 fps. */
export const userCardScannerConfig: ScannerConfig = {
  fps: USER_CARD_SCANNER_FPS,
  camera: { facingMode: { ideal: 'environment' } },
  beep: false,
  vibrate: USER_CARD_VIBRATE_MS,
  formats: ['qr_code'],
};

/** getUserMedia video constraints for a camera config. */
export function videoConstraints(camera: CameraConfig): MediaTrackConstraints {
  if ('deviceId' in camera) return { deviceId: camera.deviceId };
  return { facingMode: camera.facingMode };
}
