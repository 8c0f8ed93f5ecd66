import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_VOID_REASON_MAX, gameVoidRequestSchema, type AdminGame } from '@arcadia/contracts';
import { FieldError, inputClasses, toast } from '../../../components/ui';
import { toFailure } from '../../../lib/api/failure';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { failureMessage } from '../shell/failure-message';
import { FORM_ERROR, placeOnForm, type FieldErrors } from '../shell/form-errors';
import { useRefusalFocus } from '../shell/use-refusal-focus';
import { useVoidGameMutation } from './api/correct-game';

/** Void a game: it stops counting anywhere (statistics, ranks, history); a reason is required. */
export function VoidDialog({
  game,
  open,
  onOpenChange,
  onVoided,
}: {
  game: AdminGame;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The game is voided now, by this void or an earlier one (409); the dialog closes itself. */
  onVoided?: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  // `reason` when the reason is refused; FORM_ERROR for a 400 that names no field of the dialog.
  const [errors, setErrors] = useState<FieldErrors>({});
  const { ref: box, refused } = useRefusalFocus<HTMLDivElement>();
  const [voidGame, { isLoading }] = useVoidGameMutation();
  const id = useId();
  const refuse = (found: FieldErrors) => {
    setErrors(found);
    refused();
  };
  const confirm = async () => {
    const checked = gameVoidRequestSchema.safeParse({ reason });
    if (!checked.success) {
      refuse({ reason: 'reason' });
      return;
    }
    const result = await voidGame({
      arcadeId: game.arcadeId,
      gameId: game.id,
      reason: checked.data.reason,
    });
    if ('error' in result) {
      const failure = toFailure(result.error);
      // Said at the reason when the 400 names it, else once for the dialog; never its text.
      if (failure.status === 400) return refuse(placeOnForm(failure.details ?? [], ['reason']));
      toast({
        variant: 'error',
        title: failureMessage(failure, t, { 409: 'admin-games.alreadyVoided' }),
      });
      onOpenChange(false);
      if (failure.status === 409) onVoided?.();
      return;
    }
    toast({ variant: 'success', title: t('admin-games.voidedToast') });
    setReason('');
    setErrors({});
    onOpenChange(false);
    onVoided?.();
  };
  const invalid = errors.reason !== undefined;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setErrors({});
        onOpenChange(next);
      }}
      title={t('admin-games.voidTitle')}
      description={t('admin-games.voidText')}
      confirmLabel={t('admin-games.void')}
      busy={isLoading}
      onConfirm={() => void confirm()}
    >
      <div ref={box} className="mt-4">
        {errors[FORM_ERROR] && (
          <p role="alert" tabIndex={-1} data-form-error className="mb-3 font-semibold text-danger">
            {t('admin-games.voidRefused')}
          </p>
        )}
        <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
          {t('admin-games.reason')}
        </label>
        <textarea
          id={id}
          rows={3}
          maxLength={GAME_VOID_REASON_MAX}
          value={reason}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setErrors({});
          }}
          className={`${inputClasses} h-auto py-2`}
        />
        <FieldError id={`${id}-error`}>
          {invalid ? t('admin-games.reasonInvalid', { max: GAME_VOID_REASON_MAX }) : null}
        </FieldError>
      </div>
    </ConfirmDialog>
  );
}
