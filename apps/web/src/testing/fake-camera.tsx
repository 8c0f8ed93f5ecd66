/** Test support: the scanner's strings (the app's merged ones), and a fake camera stack. */
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { createTestI18n } from './i18n';

export function scannerI18n(lng: 'de' | 'en' = 'en'): Promise<i18n> {
  return createTestI18n(lng);
}

export function WithI18n({ i18n, children }: { i18n: i18n; children: ReactNode }) {
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

export interface FakeTrack {
  kind: 'video';
  stopped: boolean;
  stop(): void;
  getSettings(): MediaTrackSettings;
  getCapabilities(): Record<string, unknown>;
  applyConstraints(constraints: MediaTrackConstraints): Promise<void>;
  constraints: MediaTrackConstraints[];
}

/**
 * A stand-in for a camera in jsdom, where none can exist: getUserMedia answers a stream of one
 * video track (or rejects as told); enumerateDevices answers the given cameras.
 */
export function fakeTrack(
  settings: MediaTrackSettings = { deviceId: 'cam-1' },
  capabilities: Record<string, unknown> = {},
): FakeTrack {
  const track: FakeTrack = {
    kind: 'video',
    stopped: false,
    constraints: [],
    stop() {
      track.stopped = true;
    },
    getSettings: () => settings,
    getCapabilities: () => capabilities,
    async applyConstraints(constraints) {
      track.constraints.push(constraints);
      const advanced = constraints.advanced?.[0] as { torch?: boolean; zoom?: number } | undefined;
      if (advanced?.torch !== undefined) (settings as { torch?: boolean }).torch = advanced.torch;
    },
  };
  return track;
}

export function fakeStream(tracks: FakeTrack[]): MediaStream {
  return {
    getTracks: () => tracks,
    getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
  } as unknown as MediaStream;
}

export function installFakeMediaDevices(options: {
  getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  cameras?: Array<{ deviceId: string; label: string }>;
  enumerateDevices?: () => Promise<MediaDeviceInfo[]>;
}) {
  const calls: MediaStreamConstraints[] = [];
  const mediaDevices = {
    getUserMedia: (constraints: MediaStreamConstraints) => {
      calls.push(constraints);
      return options.getUserMedia(constraints);
    },
    enumerateDevices:
      options.enumerateDevices ??
      (async () =>
        (options.cameras ?? []).map(
          (camera) => ({ ...camera, kind: 'videoinput', groupId: 'g' }) as MediaDeviceInfo,
        )),
  };
  Object.defineProperty(navigator, 'mediaDevices', { value: mediaDevices, configurable: true });
  return { calls };
}

export function removeMediaDevices() {
  Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
}
