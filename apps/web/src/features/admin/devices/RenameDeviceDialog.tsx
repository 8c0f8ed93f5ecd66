import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceRenameSchema, type AdminDevice } from '@arcadia/contracts';
import { Dialog, TextField, toast } from '../../../components/ui';
import { toFailure } from '../../../lib/api/failure';
import { DialogFormActions } from '../shell/DialogFormActions';
import { failureMessage } from '../shell/failure-message';
import { useRefusalFocus } from '../shell/use-refusal-focus';
import { useRenameDeviceMutation } from './api/device-actions';

/**
 * A new name for a device (its players read it: "Du spielst auf: …"), unique in the arcade as
 * at creation. Mounted per rename (keyed by the device), so it starts from the current name.
 */
export function RenameDeviceDialog({
  device,
  onClose,
}: {
  device: AdminDevice | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(device?.name ?? '');
  const [error, setError] = useState<'name' | 'nameTaken' | null>(null);
  const { ref: form, refused } = useRefusalFocus<HTMLFormElement>();
  const [rename, { isLoading }] = useRenameDeviceMutation();
  const refuse = (why: 'name' | 'nameTaken') => {
    setError(why);
    refused();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!device) return;
    const checked = deviceRenameSchema.safeParse({ name });
    if (!checked.success) return refuse('name');
    const result = await rename({
      arcadeId: device.arcadeId,
      deviceId: device.id,
      name: checked.data.name,
    });
    if ('error' in result) {
      const failure = toFailure(result.error);
      if (failure.code === 'device_name_taken') refuse('nameTaken');
      else if (failure.status === 400) refuse('name');
      else toast({ variant: 'error', title: failureMessage(failure, t) });
      return;
    }
    toast({
      variant: 'success',
      title: t('admin-devices.renamed', { before: device.name, name: result.data.name }),
    });
    onClose();
  };

  return (
    <Dialog
      open={device !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('admin-devices.renameTitle', { name: device?.name ?? '' })}
      description={t('admin-devices.renameText')}
    >
      <form
        ref={form}
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        className="mt-4 flex flex-col gap-4"
      >
        <TextField
          label={t('admin-devices.fields.name')}
          autoComplete="off"
          value={name}
          error={error ? t(`admin-devices.invalid.${error}`) : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
        />
        <DialogFormActions submitLabel={t('admin-devices.renameSave')} busy={isLoading} />
      </form>
    </Dialog>
  );
}
