/**
 * The camera side of the scanner as a hook: the permission button's request, the camera list,
 * starting and stopping the stream with the decoding loop, pause and resume, torch and zoom.
 * Every state change goes through the reducer of state-machine.ts.
 */
import { useCallback, useEffect, useRef, useState, type Dispatch, type RefObject } from 'react';
import { CAMERA_RESUME_WAIT_MS } from '@arcadia/contracts';
import {
  closeCamera,
  listCameras,
  openCamera,
  requestCameraPermission,
  setTorch,
  setZoom,
  trackAbilities,
  type CameraDevice,
  type TrackAbilities,
} from './camera';
import { videoConstraints, type ResolvedScannerConfig } from './config';
import type { Decoder } from './decoder';
import { loadDecoder } from './decoder-loader';
import { FrameLoop, videoFrameGrabber } from './frame-loop';
import { cameraUnavailable, mediaErrorMessage, type ScannerMessage } from './messages';
import { readCameraData, writeCameraData } from './permission-store';
import type { ScannerEvent, ScannerState } from './state-machine';

export type PermissionState = 'needed' | 'requesting' | 'granted';

export type ScanBoxRef = RefObject<{ width: number; height: number } | null>;

interface Options {
  config: ResolvedScannerConfig;
  /** The video element the stream is shown in. */
  videoRef: RefObject<HTMLVideoElement | null>;
  /** The scan box in CSS pixels, kept current by the panel that draws it. */
  boxRef: ScanBoxRef;
  state: ScannerState;
  dispatch: Dispatch<ScannerEvent>;
  onMatch: (text: string) => Promise<void> | void;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function useCamera({ config, videoRef, boxRef, state, dispatch, onMatch }: Options) {
  const remember = config.rememberLastUsedCamera;
  const [unavailable] = useState<ScannerMessage | null>(() => cameraUnavailable());
  const [permission, setPermission] = useState<PermissionState>(() =>
    remember && readCameraData().hasPermission ? 'granted' : 'needed',
  );
  const [cameras, setCameras] = useState<CameraDevice[] | null>(null);
  const [cameraId, setCameraId] = useState(
    () => (remember && readCameraData().lastUsedCameraId) || '',
  );
  const [abilities, setAbilities] = useState<TrackAbilities | null>(null);
  const [zoom, setZoomValue] = useState<number | null>(null);

  const streamRef = useRef<MediaStream | null>(null);
  const loopRef = useRef<FrameLoop | null>(null);
  const decoderRef = useRef<Decoder | null>(null);
  const stateRef = useRef(state);
  const onMatchRef = useRef(onMatch);
  /** Bumped by every stop, so a start or resume that finishes late knows it is stale. */
  const runRef = useRef(0);
  useEffect(() => {
    stateRef.current = state;
    onMatchRef.current = onMatch;
  });

  const warn = useCallback(
    (message: ScannerMessage) =>
      dispatch({ type: 'header', header: { status: 'warning', message } }),
    [dispatch],
  );

  const release = useCallback(() => {
    runRef.current += 1;
    loopRef.current?.stop();
    loopRef.current = null;
    closeCamera(streamRef.current);
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setAbilities(null);
    setZoomValue(null);
  }, [videoRef]);

  // The camera is released when the scanner goes away.
  useEffect(() => release, [release]);

  // Once the grant is known, list the cameras (labels are only readable after it).
  useEffect(() => {
    if (permission !== 'granted' || unavailable) return;
    let cancelled = false;
    listCameras().then(
      (list) => {
        if (cancelled) return;
        setCameras(list);
        if (list.length === 0) warn({ key: 'noCameraFound' });
        setCameraId((id) => (list.some((camera) => camera.id === id) ? id : ''));
      },
      (error: unknown) => {
        if (cancelled) return;
        setCameras([]);
        warn(mediaErrorMessage(error));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [permission, unavailable, warn]);

  const requestPermission = useCallback(async () => {
    if (unavailable) return warn(unavailable);
    setPermission('requesting');
    dispatch({
      type: 'header',
      header: { status: 'requesting_permission', message: { key: 'requestingPermission' } },
    });
    try {
      await requestCameraPermission();
      if (remember) writeCameraData({ hasPermission: true });
      setPermission('granted');
      dispatch({ type: 'header', header: { status: 'default', message: null } });
    } catch (error) {
      // A failed request shows the permission button again, with the reason.
      if (remember) writeCameraData({ hasPermission: false });
      setPermission('needed');
      warn(mediaErrorMessage(error));
    }
  }, [dispatch, remember, unavailable, warn]);

  const start = useCallback(async () => {
    const current = stateRef.current;
    if (current.phase !== 'not_started' || current.loading) return dispatch({ type: 'start' });
    if (unavailable) return warn(unavailable);
    dispatch({ type: 'start' });
    const run = ++runRef.current;
    try {
      const decoder = await loadDecoder();
      decoderRef.current ??= decoder.createDecoder(config.formats);
      const constraints = cameraId
        ? { deviceId: { exact: cameraId } }
        : videoConstraints(config.camera);
      const stream = await openCamera(constraints);
      if (run !== runRef.current) return closeCamera(stream);
      streamRef.current = stream;
      const video = videoRef.current;
      if (!video) throw new Error('video element missing');
      video.srcObject = stream;
      await video.play();
      const track = stream.getVideoTracks()[0]!;
      const deviceId = track.getSettings().deviceId;
      if (remember) writeCameraData({ hasPermission: true, lastUsedCameraId: deviceId ?? null });
      const found = trackAbilities(track);
      setAbilities(found);
      setZoomValue(found.zoom?.value ?? null);
      const activeDecoder = decoderRef.current;
      const loop = new FrameLoop({
        grab: videoFrameGrabber(video),
        fps: config.fps,
        flipRetry: config.flipRetry,
        box: () => boxRef.current,
        decode: (frame) => activeDecoder.decode(frame),
        onMatch: (text) => onMatchRef.current(text),
        onError: warn,
      });
      loopRef.current = loop;
      loop.start();
      dispatch({ type: 'started' });
    } catch (error) {
      if (run !== runRef.current) return;
      release();
      const message = mediaErrorMessage(error);
      if (message.key === 'permissionDenied') {
        if (remember) writeCameraData({ hasPermission: false });
        setPermission('needed');
      }
      dispatch({ type: 'startFailed', message });
    }
  }, [boxRef, cameraId, config, dispatch, release, remember, unavailable, videoRef, warn]);

  const stop = useCallback(() => {
    if (stateRef.current.phase === 'not_started') return dispatch({ type: 'stop' });
    release();
    dispatch({ type: 'stop' });
  }, [dispatch, release]);

  const pause = useCallback(() => {
    if (stateRef.current.phase !== 'scanning') return dispatch({ type: 'pause' });
    loopRef.current?.pause();
    videoRef.current?.pause();
    dispatch({ type: 'pause' });
  }, [dispatch, videoRef]);

  /** Resuming plays the video again and waits 200 ms before decoding (spec §9). */
  const resume = useCallback(async () => {
    if (stateRef.current.phase !== 'paused') return dispatch({ type: 'resume' });
    const run = runRef.current;
    try {
      await videoRef.current?.play();
    } catch (error) {
      return warn(mediaErrorMessage(error));
    }
    await wait(CAMERA_RESUME_WAIT_MS);
    if (run !== runRef.current || stateRef.current.phase !== 'paused') return;
    loopRef.current?.resume();
    dispatch({ type: 'resume' });
  }, [dispatch, videoRef, warn]);

  const toggleTorch = useCallback(async () => {
    const track = streamRef.current?.getVideoTracks()[0];
    if (!track || stateRef.current.phase === 'not_started')
      return dispatch({ type: 'torch', on: true });
    const on = !stateRef.current.torch;
    try {
      await setTorch(track, on);
      dispatch({ type: 'torch', on });
    } catch (error) {
      warn(mediaErrorMessage(error));
    }
  }, [dispatch, warn]);

  const changeZoom = useCallback(
    async (value: number) => {
      const track = streamRef.current?.getVideoTracks()[0];
      if (!track) return warn({ key: 'pleaseStart' });
      setZoomValue(value);
      try {
        await setZoom(track, value);
      } catch (error) {
        warn(mediaErrorMessage(error));
      }
    },
    [warn],
  );

  const forgetLastMatch = useCallback(() => loopRef.current?.forgetLastMatch(), []);

  return {
    unavailable,
    permission,
    cameras,
    cameraId,
    setCameraId,
    abilities,
    zoom,
    requestPermission,
    start,
    stop,
    pause,
    resume,
    toggleTorch,
    changeZoom,
    forgetLastMatch,
  };
}

export type CameraHandle = ReturnType<typeof useCamera>;
