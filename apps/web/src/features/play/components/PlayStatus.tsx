import { AlertTriangle, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';

/** 'LOADING' while a play call is under way (spec §2). */
export function PlayLoading() {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      className="flex items-center justify-center gap-3 rounded-xl border border-neon-cyan/50 bg-night-800/80 px-4 py-3 font-display text-xl font-bold tracking-[0.3em] text-neon-cyan"
    >
      <span
        aria-hidden="true"
        className="h-5 w-5 animate-spin rounded-full border-3 border-neon-cyan/25 border-t-neon-cyan"
      />
      {t('play.loading')}
    </p>
  );
}

export interface PlayErrorProps {
  message: string;
  /** Shown as 'Erneut scannen' when the scanner waits for the player after this error. */
  onScanAgain?: () => void;
}

/** Why playing did not start (or stop): the server's reason, in the interface language. */
export function PlayError({ message, onScanAgain }: PlayErrorProps) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-danger/60 bg-danger/10 px-4 py-3 sm:flex-row sm:items-center"
    >
      <AlertTriangle aria-hidden="true" size={28} className="shrink-0 text-danger" />
      <div className="flex-1">
        <p className="font-semibold text-ink">{t('play.errorTitle')}</p>
        <p className="text-ink-muted">{message}</p>
      </div>
      {onScanAgain && (
        <Button variant="secondary" size="sm" onClick={onScanAgain}>
          <RotateCcw aria-hidden="true" size={16} />
          {t('play.scanAgain')}
        </Button>
      )}
    </div>
  );
}
