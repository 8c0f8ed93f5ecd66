import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogClose, Spinner } from '../../components/ui';

/**
 * The question of 'Remove friend': its own module, so a profile loads the dialog's code (Radix,
 * focus trap, scroll lock: 13 KB compressed) only when a player asks to remove a friend.
 */
export function RemoveFriendDialog({
  name,
  open,
  busy,
  onOpenChange,
  onConfirm,
}: {
  name: string;
  open: boolean;
  busy: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={t('friendsCompare.removeTitle', { name })}
      description={t('friendsCompare.removeBody', { name })}
      footer={
        <>
          <DialogClose>
            <Button variant="ghost" disabled={busy}>
              {t('friendsCompare.cancel')}
            </Button>
          </DialogClose>
          {/* Busy, not disabled, while removing: `disabled` drops the focus to the page behind
              the dialog. */}
          <Button variant="danger" busy={busy} onClick={() => onConfirm()}>
            {busy && <Spinner size="sm" />}
            {t('friendsCompare.removeConfirm')}
          </Button>
        </>
      }
    />
  );
}
