import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogClose, toast } from '../../../../components/ui';
import { NO_REFUSAL, refusalOf, type SaveRefusal } from '../form-state';

export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Saves; a thrown failure (RTK Query's unwrap) is shown on the fields it names. */
  onSave: () => Promise<unknown>;
  children: (refusal: SaveRefusal) => ReactNode;
}

/** A dialog with a form: Save submits, a refusal marks the fields (400) or says why. */
export function FormDialog({ open, onOpenChange, title, onSave, children }: FormDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [refusal, setRefusal] = useState<SaveRefusal>(NO_REFUSAL);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      await onSave();
      setRefusal(NO_REFUSAL);
      toast({ variant: 'success', title: t('admin-catalogue.saved') });
      onOpenChange(false);
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setSaving(false);
    }
  }

  const formMessage = refusal.conflict
    ? t('admin-catalogue.conflict')
    : refusal.message && t('admin-catalogue.failed', { message: refusal.message });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setRefusal(NO_REFUSAL);
        onOpenChange(next);
      }}
      title={title}
      className="max-h-[90vh] max-w-2xl overflow-y-auto"
      footer={
        <>
          <DialogClose>
            <Button type="button" variant="ghost">
              {t('admin-catalogue.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" form={formId} disabled={saving}>
            {t('admin-catalogue.save')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="mt-4 space-y-4">
        {children(refusal)}
        {formMessage && (
          <p role="alert" className="text-sm font-medium text-danger">
            {formMessage}
          </p>
        )}
      </form>
    </Dialog>
  );
}
