import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogClose, focusRing } from '../../../components/ui';
import { cn } from '../../../lib/class-names';

/** The terms (Agb), shown in place so the half-filled form stays as it is. */
export function TermsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('registration.terms.title')}
      footer={
        <DialogClose>
          <Button>{t('registration.terms.close')}</Button>
        </DialogClose>
      }
    >
      <TermsList className="max-h-[55vh]" />
    </Dialog>
  );
}

/** The terms' numbered items (one text for registration and for a new version). */
export function TermsList({ className }: { className?: string }) {
  const { t } = useTranslation();
  const items = t('registration.terms.items', { returnObjects: true }) as unknown;
  return (
    // Focusable: where the list scrolls, a keyboard scrolls it (WCAG 2.1.1).
    <ol
      tabIndex={0}
      aria-label={t('registration.terms.title')}
      className={cn(
        'mt-4 flex list-decimal flex-col gap-3 overflow-y-auto pl-5 text-sm text-ink-muted',
        focusRing,
        className,
      )}
    >
      {Array.isArray(items) && items.map((item, index) => <li key={index}>{String(item)}</li>)}
    </ol>
  );
}
