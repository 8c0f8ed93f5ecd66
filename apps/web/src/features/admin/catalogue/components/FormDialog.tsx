import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogClose, toast } from '../../../../components/ui';
import { useRefusalFocus } from '../../shell/use-refusal-focus';
import { NO_REFUSAL, refusalOf, type InvalidKeys, type SaveRefusal } from '../form-state';

export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /**
   * Checks the fields (a failed check throws `invalidInput`, and nothing is sent) and saves; a
   * thrown failure (RTK Query's unwrap) is shown on the fields it names, in the section's words.
   */
  onSave: () => Promise<unknown>;
  /** The message keys of field paths that differ from the path (see form-state.ts). */
  invalidKeys?: InvalidKeys;
  /** The field paths the form shows: a refusal naming only others is said for the whole form. */
  fields: ReadonlyArray<string>;
  children: (refusal: SaveRefusal) => ReactNode;
}

/** A dialog with a form: Save submits, a refusal marks the fields (400) or says why. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  onSave,
  invalidKeys,
  fields,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const { ref: formRef, refused } = useRefusalFocus<HTMLFormElement>();
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
      setRefusal(refusalOf(error, t, invalidKeys, fields));
      refused();
    } finally {
      setSaving(false);
    }
  }

  const formMessage = refusal.conflict ? t('admin-catalogue.conflict') : refusal.message;
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
          <Button type="submit" form={formId} busy={saving}>
            {t('admin-catalogue.save')}
          </Button>
        </>
      }
    >
      <form
        ref={formRef}
        id={formId}
        noValidate
        onSubmit={(e) => void submit(e)}
        className="mt-4 space-y-4"
      >
        {Object.keys(refusal.fields).length > 0 && (
          <p role="alert" className="text-sm font-medium text-danger">
            {t('admin.fieldsInvalid')}
          </p>
        )}
        {children(refusal)}
        {formMessage && (
          <p role="alert" tabIndex={-1} data-form-error className="text-sm font-medium text-danger">
            {formMessage}
          </p>
        )}
      </form>
    </Dialog>
  );
}
