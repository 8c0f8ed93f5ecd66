import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogClose } from '../../../components/ui';

/** The terms (Agb), shown in place so the half-filled form stays as it is. */
export function TermsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const items = t('registration.terms.items', { returnObjects: true }) as unknown;
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
      <ol className="mt-4 flex max-h-[55vh] list-decimal flex-col gap-3 overflow-y-auto pl-5 text-sm text-ink-muted">
        {Array.isArray(items) && items.map((item, index) => <li key={index}>{String(item)}</li>)}
      </ol>
    </Dialog>
  );
}
