import { lazy, Suspense, useState, type Ref } from 'react';
import { UserMinus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../lib/store/hooks';
import { Button, toast } from '../../components/ui';
import { removeFriend } from './state/friends-thunks';

const loadDialog = () => import('./RemoveFriendDialog');
const RemoveFriendDialog = lazy(() =>
  loadDialog().then((m) => ({ default: m.RemoveFriendDialog })),
);

/** 'Remove friend' on a friend's profile: asks first, in a dialog, then removes and says so. */
export function RemoveFriendButton({
  friendId,
  name,
  className,
  onRemoving,
  buttonRef,
}: {
  friendId: string;
  name: string;
  className?: string;
  /** Called as the removal starts (the page may swap this button for another). */
  onRemoving?: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  // Once asked, the dialog stays mounted (closed), so it can animate out and open again at once.
  const [asked, setAsked] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    onRemoving?.();
    const outcome = await dispatch(removeFriend(friendId));
    setBusy(false);
    setOpen(false);
    if (outcome.ok) toast({ title: t('friendsCompare.removed', { name }), variant: 'success' });
    else toast({ title: t('friendsCompare.removeFailed', { name }), variant: 'error' });
  };
  return (
    <>
      <Button
        ref={buttonRef}
        variant="secondary"
        // The dialog's code starts loading when the button is pointed at or focused.
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
        className={className}
      >
        <UserMinus aria-hidden="true" size={18} />
        {t('profile.removeFriend')}
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <RemoveFriendDialog
            name={name}
            open={open}
            busy={busy}
            onOpenChange={setOpen}
            onConfirm={() => void confirm()}
          />
        </Suspense>
      )}
    </>
  );
}
