import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import {
  Camera,
  Flashlight,
  FlashlightOff,
  LoaderCircle,
  Pause,
  Play,
  Square,
  ZoomIn,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { scanBoxSize, type ResolvedScannerConfig } from '../config';
import type { ScannerState } from '../state-machine';
import type { CameraHandle, ScanBoxRef } from '../use-camera';
import { primaryButton, secondaryButton, selectInput, focusRing } from './styles';

interface Props {
  camera: CameraHandle;
  videoRef: React.RefObject<HTMLVideoElement | null>;
  boxRef: ScanBoxRef;
  state: ScannerState;
  config: ResolvedScannerConfig;
}

/** Width and height of an element, kept current as it resizes. */
function useSize(ref: React.RefObject<HTMLElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

export function CameraPanel({ camera, videoRef, boxRef, state, config }: Props) {
  const { t } = useTranslation();
  const selectId = useId();
  const zoomId = useId();
  const frameRef = useRef<HTMLDivElement>(null);
  const frame = useSize(frameRef);
  const box = config.qrbox ? scanBoxSize(config.qrbox, frame.width, frame.height) : null;
  useEffect(() => {
    boxRef.current = box;
  });

  const busy = state.loading;
  const { permission, cameras, abilities } = camera;
  const requesting = permission === 'requesting';

  // The buttons change with the camera (ask, start, stop and back; pause and resume): when the
  // pressed one gives way, the keyboard focus goes to what replaced it instead of the page.
  const panelRef = useRef<HTMLDivElement>(null);
  const focusWasHere = useRef(false);
  const paused = useRef(state.paused);
  useEffect(() => {
    const pauseToggled = paused.current !== state.paused;
    paused.current = state.paused;
    const focus = document.activeElement;
    if (!focusWasHere.current || (focus && focus !== document.body)) return;
    panelRef.current
      ?.querySelector<HTMLElement>(
        pauseToggled ? 'button[data-pause-toggle]' : 'button:not([disabled])',
      )
      ?.focus();
  }, [state.started, state.paused, permission]);

  return (
    <div
      ref={panelRef}
      className="flex flex-col gap-3"
      onFocus={() => (focusWasHere.current = true)}
      onBlur={(event) => {
        // Left for another element; a pressed button that is removed takes no other's focus.
        if (event.relatedTarget && !panelRef.current?.contains(event.relatedTarget))
          focusWasHere.current = false;
      }}
    >
      <div
        ref={frameRef}
        className={`relative w-full overflow-hidden rounded-xl border border-line bg-night-950 ${state.started ? '' : 'hidden'}`}
      >
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label={t('scanner.ui.cameraView')}
          className="block h-auto w-full"
        />
        {state.started && box && (
          <div
            data-testid="scan-box"
            title={t('scanner.ui.scanBox')}
            className="pointer-events-none absolute top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 rounded-lg border-2 border-neon-cyan shadow-[0_0_0_9999px_rgb(5_5_15/0.6),0_0_18px_rgb(46_230_255/0.5)]"
            style={{ width: box.width, height: box.height }}
          />
        )}
        {state.paused && (
          <div className="absolute inset-0 grid place-items-center bg-night-950/70 font-display text-lg font-bold tracking-widest text-neon-yellow uppercase">
            {t('scanner.messages.paused')}
          </div>
        )}
      </div>

      {!state.started && permission !== 'granted' && (
        // While the browser asks, aria-disabled, not disabled, which drops the focus to the page
        // (also when the permission is denied and the button stays); a second press asks nothing.
        <button
          type="button"
          className={primaryButton}
          disabled={camera.unavailable !== null}
          aria-disabled={requesting || undefined}
          aria-busy={requesting || undefined}
          onClick={() => {
            if (!requesting) void camera.requestPermission();
          }}
        >
          {requesting ? (
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          ) : (
            <Camera aria-hidden="true" className="size-5" />
          )}
          {t('scanner.ui.requestPermission')}
        </button>
      )}

      {!state.started && permission === 'granted' && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          {cameras && cameras.length > 0 && (
            <label htmlFor={selectId} className="flex flex-1 flex-col gap-1 text-sm text-ink-muted">
              {t('scanner.ui.selectCamera')}
              <select
                id={selectId}
                className={selectInput}
                value={camera.cameraId}
                disabled={busy}
                onChange={(event) => camera.setCameraId(event.target.value)}
              >
                <option value="">{t('scanner.ui.defaultCamera')}</option>
                {cameras.map((device, index) => (
                  <option key={device.id || index} value={device.id}>
                    {device.label || t('scanner.ui.cameraNumber', { number: index + 1 })}
                  </option>
                ))}
              </select>
            </label>
          )}
          {/* Starting: aria-disabled, not disabled, which drops the focus to the page (also when
              the start fails and the button stays); a second press starts nothing. */}
          <button
            type="button"
            className={primaryButton}
            aria-disabled={busy || undefined}
            aria-busy={busy || undefined}
            onClick={() => {
              if (!busy) void camera.start();
            }}
          >
            {busy ? (
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
            ) : (
              <Play aria-hidden="true" className="size-5" />
            )}
            {busy ? t('scanner.ui.loading') : t('scanner.ui.start')}
          </button>
        </div>
      )}

      {state.started && (
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className={primaryButton} onClick={camera.stop}>
            <Square aria-hidden="true" className="size-4" />
            {t('scanner.ui.stop')}
          </button>
          {state.paused ? (
            <button
              type="button"
              data-pause-toggle
              className={secondaryButton}
              onClick={() => void camera.resume()}
            >
              <Play aria-hidden="true" className="size-4" />
              {t('scanner.ui.resume')}
            </button>
          ) : (
            <button
              type="button"
              data-pause-toggle
              className={secondaryButton}
              onClick={camera.pause}
            >
              <Pause aria-hidden="true" className="size-4" />
              {t('scanner.ui.pause')}
            </button>
          )}
          {config.torch && abilities?.torch && (
            <button
              type="button"
              className={secondaryButton}
              aria-pressed={state.torch}
              onClick={() => void camera.toggleTorch()}
            >
              {state.torch ? (
                <FlashlightOff aria-hidden="true" className="size-4" />
              ) : (
                <Flashlight aria-hidden="true" className="size-4" />
              )}
              {state.torch ? t('scanner.ui.torchOff') : t('scanner.ui.torchOn')}
            </button>
          )}
        </div>
      )}

      {state.started && config.zoom && abilities?.zoom && camera.zoom !== null && (
        <div className="flex items-center gap-3 text-sm text-ink-muted">
          <ZoomIn aria-hidden="true" className="size-4" />
          <label htmlFor={zoomId}>{t('scanner.ui.zoom')}</label>
          <input
            id={zoomId}
            type="range"
            min={abilities.zoom.min}
            max={abilities.zoom.max}
            step={abilities.zoom.step}
            value={camera.zoom}
            onChange={(event) => void camera.changeZoom(Number(event.target.value))}
            className={`flex-1 accent-neon-pink ${focusRing}`}
          />
          <output htmlFor={zoomId} className="w-10 text-right tabular-nums">
            {camera.zoom.toFixed(1)}x
          </output>
        </div>
      )}
    </div>
  );
}
