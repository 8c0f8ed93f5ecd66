import { localStore } from '../../lib/storage/local';

/** The key the camera grant and the last used camera are remembered under (spec §6). */
export const CAMERA_DATA_KEY = 'HTML5_QRCODE_DATA';

export interface CameraData {
  hasPermission: boolean;
  lastUsedCameraId: string | null;
}

const empty: CameraData = { hasPermission: false, lastUsedCameraId: null };

export function readCameraData(): CameraData {
  const raw = localStore.get(CAMERA_DATA_KEY);
  if (!raw) return { ...empty };
  try {
    const value = JSON.parse(raw) as Partial<CameraData> | null;
    return {
      hasPermission: value?.hasPermission === true,
      lastUsedCameraId: typeof value?.lastUsedCameraId === 'string' ? value.lastUsedCameraId : null,
    };
  } catch {
    return { ...empty };
  }
}

export function writeCameraData(patch: Partial<CameraData>): CameraData {
  const next = { ...readCameraData(), ...patch };
  localStore.set(CAMERA_DATA_KEY, JSON.stringify(next));
  return next;
}
