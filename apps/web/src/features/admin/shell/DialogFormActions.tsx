import { useTranslation } from 'react-i18next';
import { Button, DialogClose } from '../../../components/ui';

/**
 * A console dialog form's buttons: "Abbrechen" (closes the dialog) and the submit button,
 * stacked full width on a phone with the submit button on top, side by side from `sm` on.
 */
export function DialogFormActions({ submitLabel, busy }: { submitLabel: string; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end [&>*]:w-full sm:[&>*]:w-auto">
      <DialogClose>
        <Button type="button" variant="ghost">
          {t('admin.cancel')}
        </Button>
      </DialogClose>
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}
