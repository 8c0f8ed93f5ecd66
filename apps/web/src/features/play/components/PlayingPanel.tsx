import { Gamepad2, Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PlayingDevice } from '@arcadia/contracts';
import { Button, Card, CardBody, Spinner } from '../../../components/ui';

export interface PlayingPanelProps {
  device: PlayingDevice;
  stopping: boolean;
  onStop: () => void;
}

/** 'Du spielst auf:' with the device id, and 'Stop Playing' (spec §2). */
export function PlayingPanel({ device, stopping, onStop }: PlayingPanelProps) {
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
        <p className="max-w-prose text-sm text-ink-muted">{t('play.playingHint')}</p>
        <Button variant="danger" size="lg" onClick={onStop} disabled={stopping}>
          {stopping ? <Spinner size="sm" /> : <Square aria-hidden="true" size={18} />}
          {t('play.stop')}
        </Button>
      </CardBody>
    </Card>
  );
}
