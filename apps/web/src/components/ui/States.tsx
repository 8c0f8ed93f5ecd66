import { useEffect, useRef, type ReactNode } from 'react';
import { AlertTriangle, Ghost, RotateCcw, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/class-names';
import { useOnline } from '../../lib/use-online';
import { Button } from './Button';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** A button or link to move on. */
  action?: ReactNode;
  className?: string;
}

/** "Nothing here yet", with an icon and an optional way forward. */
export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-line px-6 py-10 text-center',
        className,
      )}
    >
      <div className="text-neon-cyan" aria-hidden="true">
        {icon ?? <Ghost size={40} />}
      </div>
      <p className="font-display text-lg font-bold text-ink">{title}</p>
      {description && <p className="max-w-prose text-ink-muted">{description}</p>}
      {action}
    </div>
  );
}

export interface ErrorStateProps {
  title?: ReactNode;
  message?: ReactNode;
  /** Shows a retry button that calls this. */
  onRetry?: () => void;
  retryLabel?: string;
  className?: string;
}

/** A friendly failure message with a retry button; announced as an alert. */
export function ErrorState({ title, message, onRetry, retryLabel, className }: ErrorStateProps) {
  const { t } = useTranslation();
  const online = useOnline();
  // A failure that a retry may mend, while the browser is offline: said so, and tried again by
  // itself once the network is back (a player on a train need not press anything).
  const offline = !online && onRetry !== undefined;
  const retry = useRef(onRetry);
  useEffect(() => {
    retry.current = onRetry;
  });
  const wasOffline = useRef(offline);
  useEffect(() => {
    if (wasOffline.current && !offline) retry.current?.();
    wasOffline.current = offline;
  }, [offline]);
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-2xl border border-danger/50 bg-danger/5 px-6 py-10 text-center',
        className,
      )}
    >
      {offline ? (
        <WifiOff aria-hidden="true" size={40} className="text-danger" />
      ) : (
        <AlertTriangle aria-hidden="true" size={40} className="text-danger" />
      )}
      <p className="font-display text-lg font-bold text-ink">
        {offline ? t('ui.offlineTitle') : (title ?? t('ui.errorTitle'))}
      </p>
      {offline ? (
        <p className="max-w-prose text-ink-muted">{t('ui.offline')}</p>
      ) : (
        message && <p className="max-w-prose text-ink-muted">{message}</p>
      )}
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          <RotateCcw aria-hidden="true" size={18} />
          {retryLabel ?? t('ui.retry')}
        </Button>
      )}
    </div>
  );
}
