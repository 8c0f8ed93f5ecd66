import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogClose } from '../../../components/ui';

/** "Really?" before a change that cannot be taken back; closes itself only when told to. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onCancel,
  children,
  backCloses,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  /** The way back (default "Abbrechen"). */
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  /** The cancel button's own step, beside closing (not Escape, ×, the backdrop or Back). */
  onCancel?: () => void;
  children?: ReactNode;
  /** False: Back is left to the page (see Dialog). */
  backCloses?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      {...(backCloses === undefined ? {} : { backCloses })}
      title={title}
      description={description}
      footer={
        <>
          <DialogClose>
            <Button variant="ghost" onClick={onCancel}>
              {cancelLabel ?? t('admin.cancel')}
            </Button>
          </DialogClose>
          <Button variant="danger" busy={busy} onClick={onConfirm}>
            {busy ? t('admin.saving') : confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
