import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  applicationCreateSchema,
  applicationUpdateSchema,
  type AdminApplication,
} from '@arcadia/contracts';
import { TextField } from '../../../../components/ui';
import { useCreateCatalogueApplicationMutation } from '../api/create-application';
import { useUpdateCatalogueApplicationMutation } from '../api/update-application';
import { checked, fieldError } from '../form-state';
import { FormDialog } from './FormDialog';
import { IconField } from './IconField';
import { LongTextField } from './LongTextField';

/**
 * The paths the dialog shows a refusal on (FormDialog): editing, the id is not a field (a 400
 * naming it is about the request, said once for the form).
 */
const EDIT_FIELDS = ['name', 'description.de', 'description.en', 'iconPath'] as const;
const CREATE_FIELDS = ['id', ...EDIT_FIELDS] as const;

export interface ApplicationDialogProps {
  /** The game to edit; undefined to add one. */
  application?: AdminApplication;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Adds a game or edits its name, descriptions (de/en) and icon. */
export function ApplicationDialog({ application, open, onOpenChange }: ApplicationDialogProps) {
  const { t } = useTranslation();
  const [create] = useCreateCatalogueApplicationMutation();
  const [update] = useUpdateCatalogueApplicationMutation();
  const [id, setId] = useState(application?.id ?? '');
  const [name, setName] = useState(application?.name ?? '');
  const [de, setDe] = useState(application?.description.de ?? '');
  const [en, setEn] = useState(application?.description.en ?? '');
  const [icon, setIcon] = useState(application?.iconPath ?? '');

  // Checked here with the contract first: the server's answers to bad input are English.
  const save = async () => {
    const fields = { name, description: { de, en }, iconPath: icon.trim() || null };
    return application
      ? update({
          id: application.id,
          changes: checked(applicationUpdateSchema.safeParse(fields)),
        }).unwrap()
      : create(checked(applicationCreateSchema.safeParse({ id: id.trim(), ...fields }))).unwrap();
  };
  return (
    <FormDialog
      fields={application ? EDIT_FIELDS : CREATE_FIELDS}
      open={open}
      onOpenChange={onOpenChange}
      title={
        application
          ? t('admin-catalogue.applications.editTitle', { name: application.name })
          : t('admin-catalogue.applications.createTitle')
      }
      onSave={save}
    >
      {(refusal) => (
        <>
          {!application && (
            <TextField
              label={t('admin-catalogue.applications.id')}
              value={id}
              onChange={(e) => setId(e.target.value)}
              error={fieldError(refusal, 'id')}
              required
              autoComplete="off"
            />
          )}
          <TextField
            label={t('admin-catalogue.applications.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={fieldError(refusal, 'name')}
            required
          />
          <LongTextField
            label={t('admin-catalogue.applications.descriptionDe')}
            lang="de"
            value={de}
            onChange={(e) => setDe(e.target.value)}
            error={fieldError(refusal, 'description.de')}
          />
          <LongTextField
            label={t('admin-catalogue.applications.descriptionEn')}
            lang="en"
            value={en}
            onChange={(e) => setEn(e.target.value)}
            error={fieldError(refusal, 'description.en')}
          />
          <IconField value={icon} onChange={setIcon} error={fieldError(refusal, 'iconPath')} />
        </>
      )}
    </FormDialog>
  );
}
