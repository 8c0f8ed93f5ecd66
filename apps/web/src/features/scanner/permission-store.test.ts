import { beforeEach, describe, expect, it } from 'vitest';
import { CAMERA_DATA_KEY, readCameraData, writeCameraData } from './permission-store';

describe('camera grant and last camera in localStorage (spec §6)', () => {
  beforeEach(() => localStorage.clear());

  it('uses the key HTML5_QRCODE_DATA', () => {
    expect(CAMERA_DATA_KEY).toBe('HTML5_QRCODE_DATA');
  });

  it('reads nothing stored as no permission and no camera', () => {
    expect(readCameraData()).toEqual({ hasPermission: false, lastUsedCameraId: null });
  });

  it('writes the grant and the last used camera id as JSON', () => {
    writeCameraData({ hasPermission: true });
    writeCameraData({ lastUsedCameraId: 'cam-2' });
    expect(JSON.parse(localStorage.getItem(CAMERA_DATA_KEY)!)).toEqual({
      hasPermission: true,
      lastUsedCameraId: 'cam-2',
    });
    expect(readCameraData()).toEqual({ hasPermission: true, lastUsedCameraId: 'cam-2' });
  });

  it('reads what an older client stored in the same format', () => {
    localStorage.setItem(CAMERA_DATA_KEY, '{"hasPermission":true,"lastUsedCameraId":"abc"}');
    expect(readCameraData()).toEqual({ hasPermission: true, lastUsedCameraId: 'abc' });
  });

  it('treats broken or odd data as nothing stored', () => {
    localStorage.setItem(CAMERA_DATA_KEY, '{not json');
    expect(readCameraData()).toEqual({ hasPermission: false, lastUsedCameraId: null });
    localStorage.setItem(CAMERA_DATA_KEY, '{"hasPermission":"yes","lastUsedCameraId":7}');
    expect(readCameraData()).toEqual({ hasPermission: false, lastUsedCameraId: null });
  });
});
