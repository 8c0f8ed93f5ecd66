import { useState } from 'react';
import { UserMinus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../lib/store/hooks';
import { Button, Dialog, DialogClose, Spinner, toast } from '../../components/ui';
import { removeFriend } from './state/friends-thunks';

/** 'Remove friend' on a friend's profile: asks first, in a dialog, then removes and says so. */
export function RemoveFriendButton({
  friendId,
  name,
  className,
}: {
  friendId: string;
  name: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const outcome = await dispatch(removeFriend(friendId));
    setBusy(false);
    setOpen(false);
    if (outcome.ok) toast({ title: t('friendsCompare.removed', { name }), variant: 'success' });
    else toast({ title: t('friendsCompare.removeFailed', { name }), variant: 'error' });
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} className={className}>
        <UserMinus aria-hidden="true" size={18} />
        {t('profile.removeFriend')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !busy && setOpen(next)}
        title={t('friendsCompare.removeTitle', { name })}
        description={t('friendsCompare.removeBody', { name })}
        footer={
          <>
            <DialogClose>
              <Button variant="ghost" disabled={busy}>
                {t('friendsCompare.cancel')}
              </Button>
            </DialogClose>
            <Button variant="danger" onClick={() => void confirm()} disabled={busy}>
              {busy && <Spinner size="sm" />}
              {t('friendsCompare.removeConfirm')}
            </Button>
          </>
        }
      />
    </>
  );
}
