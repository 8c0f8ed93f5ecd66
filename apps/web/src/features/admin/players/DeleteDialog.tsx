import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminPlayer } from '@arcadia/contracts';
import { TextField, toast } from '../../../components/ui';
import { useConsole } from '../shell/console-context';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { failureMessage } from '../shell/failure-message';
import { useDeletePlayerMutation } from './api/change-player';

/**
 * Delete a player and their personal data, as they could themselves; it cannot be undone, so the
 * admin types the user name to confirm.
 */
export function DeleteDialog({
  player,
  open,
  onOpenChange,
}: {
  player: AdminPlayer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const { href } = useConsole();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [remove, { isLoading }] = useDeletePlayerMutation();
  const confirm = async () => {
    if (typed.trim() !== player.userName) return setMismatch(true);
    const result = await remove(player.id);
    if ('error' in result) {
      toast({
        variant: 'error',
        title: failureMessage(result.error, t, {
          operator_account: 'admin-players.operatorAccount',
        }),
      });
      onOpenChange(false);
      return;
    }
    toast({
      variant: 'success',
      title: t('admin-players.deletedToast', { name: player.userName }),
    });
    onOpenChange(false);
    void navigate(href('players'));
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setTyped('');
        setMismatch(false);
        onOpenChange(next);
      }}
      title={t('admin-players.deleteTitle', { name: player.userName })}
      description={t('admin-players.deleteText')}
      confirmLabel={t('admin-players.deleteConfirm')}
      busy={isLoading}
      onConfirm={() => void confirm()}
    >
      <TextField
        className="mt-4"
        label={t('admin-players.typeName', { name: player.userName })}
        value={typed}
        autoComplete="off"
        error={mismatch ? t('admin-players.typeNameMismatch') : undefined}
        onChange={(e) => {
          setTyped(e.target.value);
          setMismatch(false);
        }}
      />
    </ConfirmDialog>
  );
}
