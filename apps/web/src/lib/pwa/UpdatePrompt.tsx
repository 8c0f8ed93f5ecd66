import { useTranslation } from 'react-i18next';
import { RefreshCw, X } from 'lucide-react';
import { usePwaState } from './pwa-state';
import { applyUpdate, dismissUpdate } from './register';

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neon-cyan';

/**
 * "Neue Version verfügbar – Neu laden": shown while a new service worker waits. Reload hands over
 * to it and reloads; Later hides the prompt (the new version starts with the next visit).
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const { updateReady } = usePwaState();
  if (!updateReady) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-x-3 bottom-20 z-50 mx-auto flex max-w-md animate-toast-in items-center gap-3 rounded-2xl border border-neon-cyan/50 bg-night-800/95 p-4 text-ink shadow-neon-cyan backdrop-blur sm:bottom-6"
    >
      <RefreshCw aria-hidden="true" className="h-6 w-6 shrink-0 text-neon-cyan" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t('pwa.update.title')}</p>
        <p className="text-sm text-ink-muted">{t('pwa.update.text')}</p>
      </div>
      <button
        type="button"
        onClick={applyUpdate}
        className={`h-10 shrink-0 rounded-xl bg-neon-cyan px-4 font-semibold text-night-950 hover:bg-neon-cyan-soft ${focusRing}`}
      >
        {t('pwa.update.reload')}
      </button>
      <button
        type="button"
        onClick={dismissUpdate}
        aria-label={t('pwa.update.later')}
        title={t('pwa.update.later')}
        className={`grid h-10 w-10 shrink-0 place-items-center rounded-xl text-ink-muted hover:bg-white/10 hover:text-ink ${focusRing}`}
      >
        <X aria-hidden="true" className="h-5 w-5" />
      </button>
    </div>
  );
}
