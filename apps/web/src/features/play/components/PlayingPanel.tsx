import { Gamepad2, Square, Swords, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PlayingDevice } from '@arcadia/contracts';
import { Button, Card, CardBody, Spinner } from '../../../components/ui';

export interface PlayingPanelProps {
  device: PlayingDevice;
  stopping: boolean;
  onStop: () => void;
  /** The device's heartbeat stopped (the live channel tells). */
  offline?: boolean;
  /** A match is running on the device. */
  matchRunning?: boolean;
}

/** 'Du spielst auf:' with the device id, and 'Stop Playing' (spec §2). */
export function PlayingPanel({
  device,
  stopping,
  onStop,
  offline = false,
  matchRunning = false,
}: PlayingPanelProps) {
  const { t } = useTranslation();
  return (
    <Card className="border-neon-green/50 shadow-[0_0_28px_rgb(77_255_166/0.18)]">
      <CardBody className="flex flex-col items-center gap-4 text-center">
        <Gamepad2 aria-hidden="true" size={44} className="text-neon-green" />
        <p className="text-lg text-ink-muted">{t('play.playingOn')}</p>
        <p
          data-testid="playing-device"
          className="font-display text-4xl font-bold tracking-wider break-all text-ink neon-text"
        >
          {device.id}
        </p>
        {device.name && (
          <p className="text-ink-muted">
            {t('play.deviceAt', { name: device.name, arcade: device.arcadeName || device.arcade })}
          </p>
        )}
        {offline ? (
          <p
            role="alert"
            className="flex items-center gap-2 rounded-xl border border-danger/60 bg-danger/10 px-3 py-2 text-ink"
          >
            <WifiOff aria-hidden="true" size={20} className="shrink-0 text-danger" />
            {t('play.live.offline')}
          </p>
        ) : matchRunning ? (
          // Read out as it comes into the page's live region (PlayPage).
          <p className="flex items-center gap-2 rounded-xl border border-neon-green/60 bg-neon-green/10 px-3 py-2 font-semibold text-ink">
            <Swords aria-hidden="true" size={20} className="shrink-0 text-neon-green" />
            {t('play.live.matchRunning')}
          </p>
        ) : (
          <p className="max-w-prose text-sm text-ink-muted">{t('play.playingHint')}</p>
        )}
        {/* Busy, not disabled, while stopping: disabled drops the focus to the page, also when
            the stop is refused and the button stays. */}
        <Button variant="danger" size="lg" busy={stopping} onClick={() => onStop()}>
          {stopping ? <Spinner size="sm" /> : <Square aria-hidden="true" size={18} />}
          {t('play.stop')}
        </Button>
      </CardBody>
    </Card>
  );
}
