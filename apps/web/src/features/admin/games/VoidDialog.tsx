import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gameVoidRequestSchema, type AdminGame } from '@arcadia/contracts';
import { FieldError, inputClasses, toast } from '../../../components/ui';
import { toFailure } from '../../../lib/api/failure';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { failureMessage } from '../shell/failure-message';
import { useVoidGameMutation } from './api/correct-game';

/** Void a game: it stops counting anywhere (statistics, ranks, history); a reason is required. */
export function VoidDialog({
  game,
  open,
  onOpenChange,
}: {
  game: AdminGame;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [voidGame, { isLoading }] = useVoidGameMutation();
  const id = useId();
  const confirm = async () => {
    const checked = gameVoidRequestSchema.safeParse({ reason });
    if (!checked.success) {
      setInvalid(true);
      return;
    }
    const result = await voidGame({
      arcadeId: game.arcadeId,
      gameId: game.id,
      reason: checked.data.reason,
    });
    if ('error' in result) {
      const failure = toFailure(result.error);
      if (failure.status === 400) return setInvalid(true);
      toast({
        variant: 'error',
        title: failureMessage(failure, t, { 409: 'admin-games.alreadyVoided' }),
      });
      onOpenChange(false);
      return;
    }
    toast({ variant: 'success', title: t('admin-games.voidedToast') });
    setReason('');
    setInvalid(false);
    onOpenChange(false);
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('admin-games.voidTitle')}
      description={t('admin-games.voidText')}
      confirmLabel={t('admin-games.void')}
      busy={isLoading}
      onConfirm={() => void confirm()}
    >
      <div className="mt-4">
        <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
          {t('admin-games.reason')}
        </label>
        <textarea
          id={id}
          rows={3}
          maxLength={500}
          value={reason}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setInvalid(false);
          }}
          className={`${inputClasses} h-auto py-2`}
        />
        <FieldError id={`${id}-error`}>
          {invalid ? t('admin-games.reasonInvalid') : null}
        </FieldError>
      </div>
    </ConfirmDialog>
  );
}
