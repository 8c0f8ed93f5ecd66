import { Toast } from 'radix-ui';
import { CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/class-names';
import { focusRing } from './focus';
import { dismissToast, type ToastVariant } from './toast-store';
import { useToasts } from './use-toasts';

const variantClasses: Record<ToastVariant, string> = {
  success: 'border-neon-green/60 shadow-[0_0_18px_rgb(77_255_166/0.25)]',
  error: 'border-danger/70 shadow-[0_0_18px_rgb(255_122_143/0.3)]',
  info: 'border-neon-cyan/60 shadow-neon-cyan',
};

const icons = {
  success: (
    <CheckCircle2 aria-hidden="true" className="mt-0.5 shrink-0 text-neon-green" size={20} />
  ),
  error: <XCircle aria-hidden="true" className="mt-0.5 shrink-0 text-danger" size={20} />,
  info: <Info aria-hidden="true" className="mt-0.5 shrink-0 text-neon-cyan" size={20} />,
};

/** Mount once near the root: renders queued toasts at the bottom (above the footer). */
export function Toaster() {
  const toasts = useToasts();
  const { t } = useTranslation();
  return (
    <Toast.Provider swipeDirection="down" label={t('ui.notifications')}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          duration={item.duration}
          type={item.variant === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={cn(
            'pointer-events-auto flex w-full items-start gap-3 rounded-xl border bg-night-800 px-4 py-3 text-ink animate-toast-in',
            variantClasses[item.variant],
          )}
        >
          {icons[item.variant]}
          <div className="min-w-0 flex-1">
            <Toast.Title className="font-semibold">{item.title}</Toast.Title>
            {item.description && (
              <Toast.Description className="mt-1 text-sm text-ink-muted">
                {item.description}
              </Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label={t('ui.close')}
            className={cn('rounded-md p-1 text-ink-muted hover:text-ink', focusRing)}
          >
            <X aria-hidden="true" size={16} />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="pointer-events-none fixed inset-x-0 bottom-20 z-[60] mx-auto flex w-full max-w-sm flex-col gap-2 px-4 outline-none" />
    </Toast.Provider>
  );
}
