import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Device } from '@arcadia/contracts';
import { Button, Dialog, DialogClose } from '../../components/ui';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks';
import { selectOwnProfile } from '../auth';
import {
  claimPath,
  deviceScannerConfig,
  parseClaimCode,
  parseDeviceCode,
  Scanner,
  type ScanControls,
  type ScannerHandle,
} from '../scanner';
import { PlayEndedPanel } from './components/PlayEndedPanel';
import { PlayingPanel } from './components/PlayingPanel';
import { PlayError, PlayLoading } from './components/PlayStatus';
import { deviceFromQuery } from './device-param';
import { playErrorMessage } from './play-errors';
import { playEndedDismissed, playErrorDismissed, selectPlay } from './state/play-slice';
import { loadCurrentDevice, playOnDevice, stopPlaying } from './state/play-thunks';

/**
 * `/play` (spec §2, §4): the device scanner, or the device from `?deviceId=arcade;id`; once
 * playing, 'Du spielst auf:' with the device id and 'Stop Playing'; 'LOADING' while busy.
 */
export function Component() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { device, loading, error, online, matchRunning, ended } = useAppSelector(selectPlay);
  const me = useAppSelector(selectOwnProfile);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const scannerRef = useRef<ScannerHandle>(null);
  /** The scanner was paused after a failed play-on-device and waits for 'Erneut scannen'. */
  const [waiting, setWaiting] = useState(false);
  /** A scanned code that is not a device's: said until the next device code. */
  const [notDevice, setNotDevice] = useState(false);
  /** Another device while already on one: asked before the player moves. */
  const [pendingMove, setPendingMove] = useState<Device | null>(null);
  const current = useRef(device);
  useEffect(() => {
    current.current = device;
  }, [device]);

  // A device in the query parameter plays at once; the parameter is then dropped, so a reload
  // or 'Stop Playing' does not join again. Handled once per value (StrictMode runs effects twice).
  const fromQuery = params.get('deviceId');
  const handledQuery = useRef<string | null>(null);
  useEffect(() => {
    if (fromQuery === null || handledQuery.current === fromQuery) return;
    handledQuery.current = fromQuery;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('deviceId');
        return next;
      },
      { replace: true },
    );
    const target = deviceFromQuery(fromQuery);
    if (!target) return;
    // Opened from a link, the page may not know yet which device the player is on: asked first,
    // so that a player on another device is asked before moving, as from the scanner.
    void (async () => {
      const on = current.current ?? (await dispatch(loadCurrentDevice()));
      if (on && (on.arcade !== target.arcade || on.id !== target.id)) setPendingMove(target);
      else void dispatch(playOnDevice(target));
    })();
  }, [dispatch, fromQuery, setParams]);

  const onScan = useCallback(
    async (text: string, controls: ScanControls) => {
      // A guest's claim code from a device's result screen: its own page takes it.
      const claim = parseClaimCode(text);
      if (claim) {
        setNotDevice(false);
        controls.pause();
        void navigate(claimPath(claim));
        return;
      }
      const target = parseDeviceCode(text);
      // Not a device code: said so, and scanning goes on.
      setNotDevice(!target);
      if (!target) return false;
      dispatch(playEndedDismissed());
      const ok = await dispatch(playOnDevice(target));
      if (ok) return;
      // An image file: the error says why, and the file panel's 'Anderes Bild auswählen' is the
      // one way on (no camera to resume, no 'Erneut scannen'); the scanner takes back 'scanned'.
      if (controls.source === 'file') return false;
      // The camera waits for 'Erneut scannen'.
      controls.pause();
      setWaiting(true);
    },
    [dispatch, navigate],
  );

  const scanAgain = () => {
    setWaiting(false);
    dispatch(playErrorDismissed());
    const scanner = scannerRef.current;
    if (!scanner) return;
    scanner.forgetLastMatch();
    if (scanner.state.phase === 'paused') void scanner.resume();
  };

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-bold text-ink neon-text">{t('play.title')}</h1>
        {!device && <p className="text-ink-muted">{t('play.intro')}</p>}
      </header>
      {loading && <PlayLoading />}
      {error && !loading && (
        <PlayError
          // With a device shown, the failure is the stop's (a failed join clears the device).
          message={playErrorMessage(error, t, device ? 'stop' : 'play')}
          onScanAgain={waiting && !device ? scanAgain : undefined}
        />
      )}
      {/* One live region, there from the start, holds the play state: what comes into it (the
          device joined, the match running, the match over) is read out. A status element added
          with its text, as before, often was not. The scanner stays outside it. */}
      <div aria-live="polite" data-testid="play-state" className="empty:-mb-5">
        {device ? (
          <PlayingPanel
            device={device}
            stopping={loading}
            onStop={() => void dispatch(stopPlaying())}
            offline={!online}
            matchRunning={matchRunning}
          />
        ) : ended ? (
          <PlayEndedPanel
            ended={ended}
            resultPath={
              ended.gameId ? `/game/${ended.gameId}` : me ? `/profile/${me.id}/games` : null
            }
            onScanAgain={() => dispatch(playEndedDismissed())}
          />
        ) : null}
      </div>
      {!device && !ended && (
        <>
          {notDevice && (
            <p
              role="alert"
              className="rounded-xl border border-neon-yellow/60 bg-neon-yellow/10 px-4 py-3 text-ink"
            >
              {t('play.live.notDeviceCode')}
            </p>
          )}
          <Scanner ref={scannerRef} config={deviceScannerConfig} onScan={onScan} />
        </>
      )}
      <Dialog
        open={pendingMove !== null}
        onOpenChange={(open) => {
          if (!open) setPendingMove(null);
        }}
        title={t('play.live.moveTitle')}
        description={t('play.live.moveText', {
          from: device?.id ?? '',
          to: pendingMove?.id ?? '',
        })}
        footer={
          <>
            <DialogClose>
              <Button variant="secondary">
                {t('play.live.stay', { device: device?.id ?? '' })}
              </Button>
            </DialogClose>
            <Button
              onClick={() => {
                const target = pendingMove;
                setPendingMove(null);
                if (target) void dispatch(playOnDevice(target));
              }}
            >
              {t('play.live.move', { device: pendingMove?.id ?? '' })}
            </Button>
          </>
        }
      />
    </div>
  );
}
