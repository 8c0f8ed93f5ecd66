import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceCreateSchema } from '@arcadia/contracts';
import { Button, Dialog, DialogClose, TextField, toast } from '../../../components/ui';
import { toFailure } from '../../../lib/api/failure';
import { failureMessage } from '../shell/failure-message';
import { failureFieldErrors, fieldErrors, type FieldErrors } from '../shell/form-errors';
import { useCreateDeviceMutation } from './api/create-device';
import type { ShownKey } from './KeyDialog';

const blank = { id: '', name: '', capacity: '', kind: '', applicationId: '' };
const ID_TAKEN = 'id_taken';

/** A new device of the arcade; on success its key is handed on to be shown once. */
export function CreateDeviceDialog({
  arcadeId,
  open,
  onOpenChange,
  onCreated,
}: {
  arcadeId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (key: ShownKey) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(blank);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [create, { isLoading }] = useCreateDeviceMutation();
  const set = (change: Partial<typeof blank>) => {
    setValues((v) => ({ ...v, ...change }));
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !(field in change))),
    );
  };
  const error = (field: string) => {
    const raw = errors[field];
    if (raw === undefined) return undefined;
    return t(`admin-devices.invalid.${raw === ID_TAKEN ? 'exists' : field}`, {
      defaultValue: raw,
    });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = deviceCreateSchema.safeParse({
      id: values.id.trim(),
      name: values.name,
      capacity: values.capacity.trim() ? Number(values.capacity) : undefined,
      kind: values.kind.trim() || undefined,
      applicationId: values.applicationId.trim() || undefined,
    });
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      return;
    }
    const result = await create({ arcadeId, device: checked.data });
    if ('error' in result) {
      const failure = toFailure(result.error);
      // A 409 is a taken id, unless the arcade was retired meanwhile.
      if (failure.status === 409 && failure.code !== 'arcade_retired') setErrors({ id: ID_TAKEN });
      else if (failure.status === 400) setErrors(failureFieldErrors(failure));
      else
        toast({
          variant: 'error',
          title: failureMessage(failure, t, { arcade_retired: 'admin-devices.retired' }),
        });
      return;
    }
    setValues(blank);
    setErrors({});
    onCreated({ deviceName: result.data.device.name, key: result.data.key, reason: 'created' });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setErrors({});
        onOpenChange(next);
      }}
      className="max-w-lg"
      title={t('admin-devices.create')}
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 flex flex-col gap-4">
        {Object.keys(errors).length > 0 && (
          <p role="alert" className="font-semibold text-danger">
            {t('admin.fieldsInvalid')}
          </p>
        )}
        <TextField
          label={t('admin-devices.fields.id')}
          hint={t('admin-devices.hints.id')}
          autoComplete="off"
          value={values.id}
          error={error('id')}
          onChange={(e) => set({ id: e.target.value })}
        />
        <TextField
          label={t('admin-devices.fields.name')}
          value={values.name}
          error={error('name')}
          onChange={(e) => set({ name: e.target.value })}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('admin-devices.fields.capacity')}
            hint={t('admin-devices.hints.optional')}
            inputMode="numeric"
            value={values.capacity}
            error={error('capacity')}
            onChange={(e) => set({ capacity: e.target.value })}
          />
          <TextField
            label={t('admin-devices.fields.kind')}
            hint={t('admin-devices.hints.optional')}
            value={values.kind}
            error={error('kind')}
            onChange={(e) => set({ kind: e.target.value })}
          />
        </div>
        <TextField
          label={t('admin-devices.fields.applicationId')}
          hint={t('admin-devices.hints.applicationId')}
          value={values.applicationId}
          error={error('applicationId')}
          onChange={(e) => set({ applicationId: e.target.value })}
        />
        <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose>
            <Button variant="ghost">{t('admin.cancel')}</Button>
          </DialogClose>
          <Button type="submit" disabled={isLoading}>
            {isLoading ? t('admin.saving') : t('admin-devices.createSubmit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
