import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  adminRenameSchema,
  USERNAME_MAX,
  USERNAME_MIN,
  type AdminPlayer,
} from '@arcadia/contracts';
import { Dialog, TextField, toast } from '../../../components/ui';
import { toFailure } from '../../../lib/api/failure';
import { DialogFormActions } from '../shell/DialogFormActions';
import { failureMessage } from '../shell/failure-message';
import { FORM_ERROR, placeOnForm, type FieldErrors } from '../shell/form-errors';
import { useRefusalFocus } from '../shell/use-refusal-focus';
import { useRenamePlayerMutation } from './api/change-player';
import { nameProblem } from './name-problem';

/**
 * A refused rename in the console's words (keys under admin-players): the field's message, or
 * the form's (FORM_ERROR). Told by the field a refusal names and its status, never its text.
 */
function refusalOf(taken: boolean, placed: FieldErrors): FieldErrors {
  const errors: FieldErrors = {};
  // A 409 naming the field: the name is taken (or looks like a taken one). A 400 naming it: a
  // rule the console does not know yet (it checked the contract's own before sending).
  if (placed.userName) errors.userName = taken ? 'nameTaken' : 'nameRefused';
  if (placed[FORM_ERROR]) errors[FORM_ERROR] = 'renameRefused';
  return errors;
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
  const [errors, setErrors] = useState<FieldErrors>({});
  const { ref: form, refused } = useRefusalFocus<HTMLFormElement>();
  const [rename, { isLoading }] = useRenamePlayerMutation();
  const refuse = (found: FieldErrors) => {
    setErrors(found);
    refused();
  };
  const message = (key: string | undefined) =>
    key === undefined
      ? undefined
      : t(`admin-players.${key}`, { min: USERNAME_MIN, max: USERNAME_MAX });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = adminRenameSchema.safeParse({ userName: name });
    if (!checked.success) {
      refuse({ userName: nameProblem(name) ?? 'nameRefused' });
      return;
    }
    const result = await rename({ id: player.id, userName: checked.data.userName });
    if ('error' in result) {
      const failure = toFailure(result.error);
      const namesField = failure.details?.some((d) => d.path === 'userName') ?? false;
      if (failure.status === 400 || (failure.status === 409 && namesField))
        refuse(refusalOf(failure.status === 409, placeOnForm(failure.details ?? [], ['userName'])));
      else toast({ variant: 'error', title: failureMessage(failure, t) });
      return;
    }
    toast({
      variant: 'success',
      title: t('admin-players.renamed', { name: result.data.userName }),
    });
    setErrors({});
    onOpenChange(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setName(player.userName);
        setErrors({});
        onOpenChange(next);
      }}
      title={t('admin-players.renameTitle', { name: player.userName })}
      description={t('admin-players.renameText')}
    >
      <form
        ref={form}
        onSubmit={(e) => void submit(e)}
        className="mt-4 flex flex-col gap-4"
        noValidate
      >
        {errors[FORM_ERROR] && (
          <p role="alert" tabIndex={-1} data-form-error className="font-semibold text-danger">
            {message(errors[FORM_ERROR])}
          </p>
        )}
        <TextField
          label={t('admin-players.newName')}
          value={name}
          autoComplete="off"
          error={message(errors.userName)}
          onChange={(e) => {
            setName(e.target.value);
            setErrors({});
          }}
        />
        <DialogFormActions
          submitLabel={isLoading ? t('admin.saving') : t('admin.save')}
          busy={isLoading}
        />
      </form>
    </Dialog>
  );
}
