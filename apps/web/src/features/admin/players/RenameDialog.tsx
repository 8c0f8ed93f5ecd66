import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminRenameSchema, type AdminPlayer } from '@arcadia/contracts';
import { Button, Dialog, DialogClose, TextField, toast } from '../../../components/ui';
import { toFailure } from '../../../lib/api/failure';
import { failureMessage } from '../shell/failure-message';
import { useRenamePlayerMutation } from './api/change-player';

/** The rules' messages by what the contract's check names (see usernameSchema). */
function nameProblem(message: string): string {
  if (message.includes('at least')) return 'admin-players.nameTooShort';
  if (message.includes('at most')) return 'admin-players.nameTooLong';
  if (message.includes('taken')) return 'admin-players.nameTaken';
  if (message.includes('reserved')) return 'admin-players.nameReserved';
  if (message.includes('a letter or a digit')) return 'admin-players.nameNeedsLetter';
  return 'admin-players.nameChars';
}

/** Rename an offensive user name: the rules of registration, checked here and by the server. */
export function RenameDialog({
  player,
  open,
  onOpenChange,
}: {
  player: AdminPlayer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(player.userName);
  const [error, setError] = useState<string | null>(null);
  const [rename, { isLoading }] = useRenamePlayerMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = adminRenameSchema.safeParse({ userName: name });
    if (!checked.success) return setError(nameProblem(checked.error.issues[0]?.message ?? ''));
    const result = await rename({ id: player.id, userName: checked.data.userName });
    if ('error' in result) {
      const failure = toFailure(result.error);
      const detail = failure.details?.find((d) => d.path === 'userName');
      if (failure.status === 409 || (failure.status === 400 && detail))
        return setError(nameProblem(detail?.message ?? 'taken'));
      toast({ variant: 'error', title: failureMessage(failure, t) });
      return;
    }
    toast({
      variant: 'success',
      title: t('admin-players.renamed', { name: result.data.userName }),
    });
    setError(null);
    onOpenChange(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setName(player.userName);
        setError(null);
        onOpenChange(next);
      }}
      title={t('admin-players.renameTitle', { name: player.userName })}
      description={t('admin-players.renameText')}
    >
      <form onSubmit={(e) => void submit(e)} className="mt-4 flex flex-col gap-4" noValidate>
        <TextField
          label={t('admin-players.newName')}
          value={name}
          autoComplete="off"
          error={error ? t(error) : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
        />
        <div className="flex justify-end gap-2">
          <DialogClose>
            <Button type="button" variant="ghost">
              {t('admin.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" disabled={isLoading}>
            {isLoading ? t('admin.saving') : t('admin.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
