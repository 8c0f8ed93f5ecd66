import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminSuspendSchema, SUSPENSION_REASON_MAX, type AdminPlayer } from '@arcadia/contracts';
import { FieldError, inputClasses, toast } from '../../../components/ui';
import { toFailure } from '../../../lib/api/failure';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { failureMessage } from '../shell/failure-message';
import { FORM_ERROR, placeOnForm, type FieldErrors } from '../shell/form-errors';
import { useRefusalFocus } from '../shell/use-refusal-focus';
import { useSuspendPlayerMutation, useUnsuspendPlayerMutation } from './api/change-player';

interface DialogProps {
  player: AdminPlayer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Suspend: no sign-in, no play, off their device; a reason is required (admins read it). */
export function SuspendDialog({ player, open, onOpenChange }: DialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  // `reason` when the reason is refused; FORM_ERROR for a 400 that names no field of the dialog.
  const [errors, setErrors] = useState<FieldErrors>({});
  const { ref: box, refused } = useRefusalFocus<HTMLDivElement>();
  const [suspend, { isLoading }] = useSuspendPlayerMutation();
  const id = useId();
  const refuse = (found: FieldErrors) => {
    setErrors(found);
    refused();
  };
  const confirm = async () => {
    const checked = adminSuspendSchema.safeParse({ reason });
    if (!checked.success) return refuse({ reason: 'reason' });
    const result = await suspend({ id: player.id, reason: checked.data.reason });
    if ('error' in result) {
      const failure = toFailure(result.error);
      // Said at the reason when the 400 names it, else once for the dialog; never its text.
      if (failure.status === 400) return refuse(placeOnForm(failure.details ?? [], ['reason']));
      toast({
        variant: 'error',
        title: failureMessage(failure, t, {
          operator_account: 'admin-players.operatorAccount',
          409: 'admin-players.alreadySuspended',
        }),
      });
      onOpenChange(false);
      return;
    }
    toast({
      variant: 'success',
      title: t('admin-players.suspendedToast', { name: player.userName }),
    });
    setReason('');
    setErrors({});
    onOpenChange(false);
  };
  const invalid = errors.reason !== undefined;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setErrors({});
        onOpenChange(next);
      }}
      title={t('admin-players.suspendTitle', { name: player.userName })}
      description={t('admin-players.suspendText')}
      confirmLabel={t('admin-players.suspend')}
      busy={isLoading}
      onConfirm={() => void confirm()}
    >
      <div ref={box} className="mt-4">
        {errors[FORM_ERROR] && (
          <p role="alert" tabIndex={-1} data-form-error className="mb-3 font-semibold text-danger">
            {t('admin-players.suspendRefused')}
          </p>
        )}
        <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
          {t('admin-players.reason')}
        </label>
        <textarea
          id={id}
          rows={3}
          maxLength={SUSPENSION_REASON_MAX}
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
          {invalid ? t('admin-players.reasonInvalid', { max: SUSPENSION_REASON_MAX }) : null}
        </FieldError>
      </div>
    </ConfirmDialog>
  );
}

/** Lift the suspension: the player may sign in and play again. */
export function UnsuspendDialog({ player, open, onOpenChange }: DialogProps) {
  const { t } = useTranslation();
  const [unsuspend, { isLoading }] = useUnsuspendPlayerMutation();
  const confirm = async () => {
    const result = await unsuspend(player.id);
    if ('error' in result)
      toast({
        variant: 'error',
        title: failureMessage(result.error, t, { 409: 'admin-players.notSuspended' }),
      });
    else
      toast({
        variant: 'success',
        title: t('admin-players.unsuspendedToast', { name: player.userName }),
      });
    onOpenChange(false);
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('admin-players.unsuspendTitle', { name: player.userName })}
      description={t('admin-players.unsuspendText')}
      confirmLabel={t('admin-players.unsuspend')}
      busy={isLoading}
      onConfirm={() => void confirm()}
    />
  );
}
