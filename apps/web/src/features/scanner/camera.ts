/** The browser camera: permission, the list of cameras, opening a stream, torch and zoom. */
import { ZOOM_DEFAULT } from '@arcadia/contracts';
import { ScannerError } from './messages';

export interface CameraDevice {
  id: string;
  label: string;
}

/** Capabilities and constraints the DOM typings leave out (Image Capture extensions). */
interface ExtendedCapabilities extends MediaTrackCapabilities {
  torch?: boolean;
  zoom?: { min?: number; max?: number; step?: number };
}
type ExtendedConstraintSet = MediaTrackConstraintSet & { torch?: boolean; zoom?: number };

export interface ZoomRange {
  min: number;
  max: number;
  step: number;
  value: number;
}

export interface TrackAbilities {
  torch: boolean;
  zoom: ZoomRange | null;
}

const media = () => navigator.mediaDevices;

function stopAll(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

/** Asks the browser for camera access and releases the camera again at once. */
export async function requestCameraPermission(): Promise<void> {
  const stream = await media().getUserMedia({ video: true, audio: false });
  stopAll(stream);
}

/** The video inputs; labels are only known after the grant (the UI numbers unnamed ones). */
export async function listCameras(): Promise<CameraDevice[]> {
  let devices: MediaDeviceInfo[];
  try {
    devices = await media().enumerateDevices();
  } catch (error) {
    throw new ScannerError({ key: 'unableToQuery' }, { cause: error });
  }
  return devices
    .filter((device) => device.kind === 'videoinput')
    .map((device) => ({ id: device.deviceId, label: device.label }));
}

/** Opens the camera the constraints name; the stream must carry a video track. */
export async function openCamera(constraints: MediaTrackConstraints): Promise<MediaStream> {
  if (Object.keys(constraints).length === 0) throw new ScannerError({ key: 'emptyConstraints' });
  const stream = await media().getUserMedia({ video: constraints, audio: false });
  if (stream.getVideoTracks().length === 0) {
    stopAll(stream);
    throw new ScannerError({ key: 'trackMissing' });
  }
  return stream;
}

export function closeCamera(stream: MediaStream | null): void {
  if (stream) stopAll(stream);
}

export function trackAbilities(track: MediaStreamTrack): TrackAbilities {
  const capabilities = (track.getCapabilities?.() ?? {}) as ExtendedCapabilities;
  const settings: MediaTrackSettings = track.getSettings?.() ?? {};
  const zoom = capabilities.zoom;
  const range =
    zoom && typeof zoom.max === 'number' && zoom.max > (zoom.min ?? 0)
      ? {
          min: zoom.min ?? ZOOM_DEFAULT.min,
          max: zoom.max ?? ZOOM_DEFAULT.max,
          step: zoom.step && zoom.step > 0 ? zoom.step : ZOOM_DEFAULT.step,
        }
      : null;
  return {
    torch: capabilities.torch === true,
    zoom: range
      ? { ...range, value: typeof settings.zoom === 'number' ? settings.zoom : range.min }
      : null,
  };
}

/** Switches the torch; the track's settings must show the new state afterwards. */
export async function setTorch(track: MediaStreamTrack, on: boolean): Promise<void> {
  const failed = new ScannerError({ key: on ? 'torchOnFailed' : 'torchOffFailed' });
  try {
    await track.applyConstraints({ advanced: [{ torch: on } as ExtendedConstraintSet] });
  } catch (error) {
    throw new ScannerError(failed.scannerMessage, { cause: error });
  }
  const settings = track.getSettings();
  if (settings.torch !== undefined && settings.torch !== on) throw failed;
}

export async function setZoom(track: MediaStreamTrack, value: number): Promise<void> {
  await track.applyConstraints({ advanced: [{ zoom: value } as ExtendedConstraintSet] });
}
