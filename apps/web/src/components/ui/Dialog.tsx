import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/class-names';
import { focusRing } from './focus';
import { useBackCloses } from '../../lib/back-closes';

export interface DialogProps {
  open: boolean;
  /** Called with false on cancel, Escape, the close button or a click on the backdrop. */
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** The body text, announced as the dialog's description. */
  description?: ReactNode;
  /** Buttons at the bottom (wrap a cancel button in `DialogClose` to close on click). */
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
  /**
   * False: only the footer's buttons close it, not Escape, the backdrop or a close button (a key
   * shown this once must not vanish by a slip).
   */
  dismissible?: boolean;
  /**
   * False: Back is left to the page (the dialog that itself asks about leaving by Back).
   * Otherwise Back closes a dismissible dialog, as on a phone.
   */
  backCloses?: boolean;
  /**
   * Where the focus goes when it closes, instead of the opener (a key's dialog opened by a form
   * that is gone now: the button that makes the next one).
   */
  returnFocus?: () => HTMLElement | null;
}

/** How long after a dialog closed its opener may still vanish with the change it confirmed. */
const REMOVAL_WATCH_MS = 5000;

/**
 * The opener got the focus back, but the change the dialog confirmed may remove it a moment
 * later (a player taken off a device, an arcade retired: the list reloads without its row). The
 * browser would then drop the focus to the top of the document; it goes to the main content, as
 * when the opener was gone at once.
 */
function keepFocusIfRemoved(opener: HTMLElement) {
  const observer = new MutationObserver(() => {
    if (opener.isConnected) return;
    stop();
    const active = document.activeElement;
    if (active === null || active === document.body)
      document.getElementById('main')?.focus({ preventScroll: true });
  });
  const timer = setTimeout(() => stop(), REMOVAL_WATCH_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
}

/**
 * A modal dialog (Radix): focus is trapped inside and returns to the opener when it closes, or,
 * when the opener is gone (a form's submit button, a row's action that the change removed), to
 * the page's main content rather than the top of the document.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  footer,
  children,
  className,
  dismissible = true,
  backCloses = true,
  returnFocus,
}: DialogProps) {
  const { t } = useTranslation();
  useBackCloses(open, () => onOpenChange(false), dismissible && backCloses);
  // The dialogs are opened from state, not through a Radix trigger, so Radix does not know
  // where to send focus back on close: the element that had it when the dialog opened does.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement)
      opener.current = document.activeElement;
  }, [open]);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          data-testid="dialog-backdrop"
          className="fixed inset-0 z-50 animate-fade-in bg-night-950/75 backdrop-blur-sm"
        />
        <RadixDialog.Content
          onCloseAutoFocus={(event) => {
            const back = opener.current;
            opener.current = null;
            const main = document.getElementById('main');
            const chosen = returnFocus?.();
            if (chosen?.isConnected) {
              event.preventDefault();
              chosen.focus();
            } else if (back?.isConnected) {
              event.preventDefault();
              back.focus();
              keepFocusIfRemoved(back);
            } else if (main) {
              event.preventDefault();
              main.focus({ preventScroll: true });
            }
          }}
          {...(dismissible
            ? {}
            : {
                onEscapeKeyDown: (event: KeyboardEvent) => event.preventDefault(),
                onInteractOutside: (event: Event) => event.preventDefault(),
              })}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 animate-pop-in',
            // A phone held sideways or a 200 % zoom: it scrolls instead of running off the screen.
            'max-h-[calc(100dvh-2rem)] overflow-y-auto',
            'rounded-2xl border border-neon-pink/50 bg-night-800 p-6 text-ink shadow-neon-pink',
            className,
          )}
        >
          <RadixDialog.Title className="pr-8 font-display text-xl font-bold">
            {title}
          </RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-3 text-ink-muted">
              {description}
            </RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          {children}
          {footer && (
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end [&>*]:w-full sm:[&>*]:w-auto">
              {footer}
            </div>
          )}
          {dismissible && (
            <RadixDialog.Close
              aria-label={t('ui.close')}
              className={cn(
                'absolute top-3 right-3 inline-flex h-9 w-9 items-center justify-center rounded-lg text-ink-muted hover:bg-white/10 hover:text-ink',
                focusRing,
              )}
            >
              <X aria-hidden="true" size={18} />
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Wraps a button so that clicking it closes the surrounding dialog. */
export function DialogClose({ children }: { children: ReactNode }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}
