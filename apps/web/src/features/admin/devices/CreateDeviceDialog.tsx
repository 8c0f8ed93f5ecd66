import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_DEFAULT_APPLICATION, deviceCreateSchema } from '@arcadia/contracts';
import { Dialog, SelectField, TextField, toast } from '../../../components/ui';
import { toFailure } from '../../../lib/api/failure';
import { useGetCatalogueApplicationsQuery } from '../catalogue/api/get-applications';
import { DialogFormActions } from '../shell/DialogFormActions';
import { failureMessage } from '../shell/failure-message';
import { FORM_ERROR, placeOnForm, type FieldErrors } from '../shell/form-errors';
import { useRefusalFocus } from '../shell/use-refusal-focus';
import { useCreateDeviceMutation } from './api/create-device';
import type { ShownKey } from './KeyDialog';

const blank = { id: '', name: '', capacity: '', kind: '', applicationId: '' };
const FIELDS = Object.keys(blank);

/**
 * A new device of the arcade; on success its key is handed on to be shown once. The game is
 * picked from the catalogue (staff read it too); none picked, the server gives the default one.
 */
export function CreateDeviceDialog({
  arcadeId,
  kinds,
  open,
  onOpenChange,
  onCreated,
}: {
  arcadeId: string;
  /** The kinds the arcade's devices have, offered as suggestions. */
  kinds: readonly string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (key: ShownKey) => void;
}) {
  const { t } = useTranslation();
  const kindsId = useId();
  const [values, setValues] = useState(blank);
  // Field → its message key under admin-devices.invalid (FORM_ERROR: the form's own message).
  const [errors, setErrors] = useState<FieldErrors>({});
  const { ref: form, refused } = useRefusalFocus<HTMLFormElement>();
  const [create, { isLoading }] = useCreateDeviceMutation();
  const applications = useGetCatalogueApplicationsQuery(undefined, { skip: !open });
  const set = (change: Partial<typeof blank>) => {
    setValues((v) => ({ ...v, ...change }));
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !(field in change))),
    );
  };
  const refuse = (found: FieldErrors) => {
    setErrors(found);
    refused();
  };
  const error = (field: string) => {
    const key = errors[field];
    return key === undefined ? undefined : t(`admin-devices.invalid.${key}`);
  };

  const games = [...(applications.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const fallback =
    games.find((game) => game.id === DEVICE_DEFAULT_APPLICATION)?.name ??
    DEVICE_DEFAULT_APPLICATION;
  const named = (name: string) => games.filter((game) => game.name === name).length;
  const gameOptions = [
    { value: '', label: t('admin-devices.defaultApplication', { name: fallback }) },
    ...games.map((game) => ({
      value: game.id,
      // Two games of one name are told apart by their id.
      label: named(game.name) > 1 ? `${game.name} (${game.id})` : game.name,
    })),
  ];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = deviceCreateSchema.safeParse({
      id: values.id.trim(),
      name: values.name,
      capacity: values.capacity.trim() ? Number(values.capacity) : undefined,
      kind: values.kind.trim() || undefined,
      applicationId: values.applicationId || undefined,
    });
    if (!checked.success) return refuse(placeOnForm(checked.error.issues, FIELDS));
    const result = await create({ arcadeId, device: checked.data });
    if ('error' in result) {
      const failure = toFailure(result.error);
      // A 409 is a taken name or id, unless the arcade was retired meanwhile; a 400 is said at
      // the fields it names, or once for the form.
      if (failure.code === 'device_name_taken') refuse({ name: 'nameTaken' });
      else if (failure.status === 409 && failure.code !== 'arcade_retired')
        refuse({ id: 'exists' });
      else if (failure.status === 400) refuse(placeOnForm(failure.details ?? [], FIELDS));
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

  const fieldsInvalid = Object.keys(errors).some((field) => field !== FORM_ERROR);
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
      <form
        ref={form}
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        className="mt-4 flex flex-col gap-4"
      >
        {fieldsInvalid && (
          <p role="alert" className="font-semibold text-danger">
            {t('admin.fieldsInvalid')}
          </p>
        )}
        {errors[FORM_ERROR] && (
          <p role="alert" tabIndex={-1} data-form-error className="font-semibold text-danger">
            {error(FORM_ERROR)}
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
            autoComplete="off"
            list={kinds.length > 0 ? kindsId : undefined}
            value={values.kind}
            error={error('kind')}
            onChange={(e) => set({ kind: e.target.value })}
          />
          {kinds.length > 0 && (
            <datalist id={kindsId}>
              {kinds.map((kind) => (
                <option key={kind} value={kind} />
              ))}
            </datalist>
          )}
        </div>
        <SelectField
          label={t('admin-devices.fields.applicationId')}
          hint={
            applications.isError
              ? t('admin-devices.hints.applicationsFailed')
              : t('admin-devices.hints.applicationId')
          }
          options={gameOptions}
          value={values.applicationId}
          error={error('applicationId')}
          onChange={(e) => set({ applicationId: e.target.value })}
        />
        <div className="mt-2">
          <DialogFormActions
            submitLabel={isLoading ? t('admin.saving') : t('admin-devices.createSubmit')}
            busy={isLoading}
          />
        </div>
      </form>
    </Dialog>
  );
}
