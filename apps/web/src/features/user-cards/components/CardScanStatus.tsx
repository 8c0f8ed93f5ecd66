import { AlertTriangle, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '../../../components/ui';
import type { ScanMessage } from '../scan-messages';

export type CardScanState =
  { phase: 'idle' } | { phase: 'busy'; label: string } | { phase: 'error'; message: ScanMessage };

export interface CardScanStatusProps {
  state: CardScanState;
  /** Lets the same card be read again (after a failure that may pass). */
  onScanAgain: () => void;
}

/** Under the scanner: what happens with the card just read, or why it was not used. */
export function CardScanStatus({ state, onScanAgain }: CardScanStatusProps) {
  const { t } = useTranslation();
  if (state.phase === 'busy')
    return (
      <p className="flex items-center gap-3 rounded-xl border border-neon-cyan/40 bg-night-800/80 px-4 py-3 text-ink">
        <Spinner size="sm" label={state.label} />
        <span aria-hidden="true">{state.label}</span>
      </p>
    );
  if (state.phase === 'error')
    return (
      <div
        role="alert"
        className="flex flex-col gap-3 rounded-xl border border-danger/60 bg-danger/10 px-4 py-3 sm:flex-row sm:items-center"
      >
        <AlertTriangle aria-hidden="true" size={24} className="shrink-0 text-danger" />
        <p className="flex-1 text-ink">
          {t(`user-cards.messages.${state.message.key}`)}
          {state.message.reason && ` ${t(`app.failure.${state.message.reason}`)}`}
        </p>
        {state.message.retry && (
          <Button variant="secondary" size="sm" onClick={onScanAgain}>
            <RotateCcw aria-hidden="true" size={16} />
            {t('user-cards.scanAgain')}
          </Button>
        )}
      </div>
    );
  return null;
}
