import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useReducer,
  useRef,
  useState,
  type Ref,
} from 'react';
import { Camera, ImageUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ScanType } from '@arcadia/contracts';
import { CameraPanel } from './components/CameraPanel';
import { FilePanel } from './components/FilePanel';
import { ScannerHeader } from './components/ScannerHeader';
import { linkButton } from './components/styles';
import { resolveScannerConfig, type ScannerConfig } from './config';
import type { Decoder } from './decoder';
import { loadDecoder } from './decoder-loader';
import { beep, vibrate } from './feedback';
import { scanImageFile } from './file-scan';
import {
  mediaErrorMessage,
  parseErrorMessage,
  ScannerError,
  type ScannerMessage,
} from './messages';
import { initialScannerState, scannerReducer, type ScannerState } from './state-machine';
import { useCamera } from './use-camera';

/** What the page can do with the scanner after a code came in. */
export interface ScanControls {
  /**
   * Where the code came from. From an image file there is no camera: pausing, resuming and
   * stopping do nothing (no 'Please start the scanner'), and choosing another image goes on.
   */
  readonly source: 'camera' | 'file';
  pause(): void;
  /** Resumes the camera (after 200 ms). */
  resume(): Promise<void>;
  stop(): void;
  /** Lets the code just read be reported again if it is scanned again. */
  forgetLastMatch(): void;
}

/** A file scan's controls: no camera to pause, resume or stop, no last match to forget. */
const fileControls: ScanControls = {
  source: 'file',
  pause: () => undefined,
  resume: async () => undefined,
  stop: () => undefined,
  forgetLastMatch: () => undefined,
};

export interface ScannerHandle extends Omit<ScanControls, 'source'> {
  start(): Promise<void>;
  readonly state: ScannerState;
}

export interface ScannerProps {
  config: ScannerConfig;
  /**
   * A new code: its text. The camera waits for a returned promise before the next frame. False:
   * not a code this page takes (the page says why), so the scanner takes back its 'scanned'.
   */
  onScan: (text: string, controls: ScanControls) => void | boolean | Promise<void | boolean>;
  /** Every warning the scanner shows (spec §8). */
  onError?: (message: ScannerMessage) => void;
  className?: string;
  ref?: Ref<ScannerHandle>;
}

export function Scanner({ config: input, onScan, onError, className = '', ref }: ScannerProps) {
  const { t } = useTranslation();
  const config = useMemo(() => resolveScannerConfig(input), [input]);
  const [state, dispatch] = useReducer(scannerReducer, initialScannerState);
  const [mode, setMode] = useState<ScanType>(config.scanTypes[0]!);
  const decoderRef = useRef<Decoder | null>(null);
  const controlsRef = useRef<ScanControls | null>(null);

  const handleCode = useCallback(
    async (text: string, controls: ScanControls) => {
      dispatch({ type: 'header', header: { status: 'success', message: { key: 'scanned' } } });
      if (config.beep) beep();
      vibrate(config.vibrate);
      const accepted = await onScan(text, controls);
      if (accepted === false)
        dispatch({ type: 'header', header: { status: 'default', message: null } });
    },
    [config.beep, config.vibrate, onScan],
  );

  const videoRef = useRef<HTMLVideoElement>(null);
  const boxRef = useRef<{ width: number; height: number } | null>(null);
  const onCameraMatch = useCallback(
    (text: string) => handleCode(text, controlsRef.current!),
    [handleCode],
  );
  const camera = useCamera({ config, videoRef, boxRef, state, dispatch, onMatch: onCameraMatch });

  const controls = useMemo<ScanControls>(
    () => ({
      source: 'camera',
      pause: camera.pause,
      resume: camera.resume,
      stop: camera.stop,
      forgetLastMatch: camera.forgetLastMatch,
    }),
    [camera.pause, camera.resume, camera.stop, camera.forgetLastMatch],
  );
  useEffect(() => {
    controlsRef.current = controls;
  }, [controls]);

  useImperativeHandle(ref, () => ({ ...controls, start: camera.start, state }), [
    controls,
    camera.start,
    state,
  ]);

  useEffect(() => {
    if (state.header.status === 'warning' && state.header.message) onError?.(state.header.message);
  }, [state.header, onError]);

  const scanFile = useCallback(
    async (file: File) => {
      if (state.phase !== 'not_started' || state.loading)
        return dispatch({ type: 'fileScanStart' });
      dispatch({ type: 'fileScanStart' });
      let text: string | null;
      try {
        const module = await loadDecoder();
        const decoder = (decoderRef.current ??= module.createDecoder(config.formats));
        text = await scanImageFile(file, decoder, {
          flipRetry: config.flipRetry,
        });
      } catch (error) {
        const message =
          error instanceof ScannerError ? mediaErrorMessage(error) : parseErrorMessage(error);
        return dispatch({ type: 'fileScanDone', header: { status: 'warning', message } });
      }
      if (text === null) {
        return dispatch({
          type: 'fileScanDone',
          header: {
            status: 'warning',
            message: { key: 'parseError', params: { errorKey: 'noCodeFound' } },
          },
        });
      }
      dispatch({ type: 'fileScanDone', header: { status: 'default', message: null } });
      await handleCode(text, fileControls);
    },
    [config.flipRetry, config.formats, handleCode, state.loading, state.phase],
  );

  const refuseFile = useCallback(
    (error: ScannerError) =>
      dispatch({ type: 'header', header: { status: 'warning', message: error.scannerMessage } }),
    [],
  );

  const switchMode = () => {
    // Any running camera goes back to not started: file scanning is only possible then.
    if (mode === 'camera' && state.started) camera.stop();
    dispatch({ type: 'header', header: { status: 'default', message: null } });
    setMode(mode === 'camera' ? 'file' : 'camera');
  };

  const both = config.scanTypes.length === 2;

  return (
    <section
      aria-label={t('scanner.ui.region')}
      aria-busy={state.loading}
      data-phase={state.phase}
      className={`flex w-full max-w-xl flex-col gap-3 rounded-2xl border border-line bg-night-900/80 p-4 text-ink shadow-[0_0_32px_rgb(255_79_184/0.15)] ${className}`}
    >
      <ScannerHeader header={state.header} />
      {mode === 'camera' ? (
        <CameraPanel
          camera={camera}
          videoRef={videoRef}
          boxRef={boxRef}
          state={state}
          config={config}
        />
      ) : (
        <FilePanel state={state} onFile={scanFile} onRefused={refuseFile} />
      )}
      {both && (
        <button
          type="button"
          className={`${linkButton} inline-flex items-center gap-1 self-center`}
          onClick={switchMode}
          disabled={state.loading}
        >
          {mode === 'camera' ? (
            <ImageUp aria-hidden="true" className="size-4" />
          ) : (
            <Camera aria-hidden="true" className="size-4" />
          )}
          {mode === 'camera' ? t('scanner.ui.scanFile') : t('scanner.ui.scanCamera')}
        </button>
      )}
    </section>
  );
}
