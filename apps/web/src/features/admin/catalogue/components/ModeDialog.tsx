import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  modeCreateSchema,
  modeUpdateSchema,
  type AdminApplication,
  type AdminMode,
  type GameType,
} from '@arcadia/contracts';
import { SelectField, TextField } from '../../../../components/ui';
import { useCreateCatalogueModeMutation } from '../api/create-mode';
import { useUpdateCatalogueModeMutation } from '../api/update-mode';
import { checked, fieldError } from '../form-state';
import { FormDialog } from './FormDialog';
import { IconField } from './IconField';
import { LongTextField } from './LongTextField';

/**
 * The paths the dialog shows a refusal on (FormDialog): editing, the rule set (`id`) is not a
 * field (a 400 naming it is about the request, said once for the form).
 */
const EDIT_FIELDS = [
  'name.de',
  'name.en',
  'description.de',
  'description.en',
  'position',
  'iconPath',
] as const;
const CREATE_FIELDS = ['id', ...EDIT_FIELDS] as const;

export interface ModeDialogProps {
  application: AdminApplication;
  /** The mode to edit; undefined to add one of `free`. */
  mode?: AdminMode;
  /** The rule sets the game does not offer yet (adding). */
  free: readonly GameType[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Lets a game offer a rule set as a mode, or edits a mode's names, explanations, icon, order. */
export function ModeDialog({ application, mode, free, open, onOpenChange }: ModeDialogProps) {
  const { t, i18n } = useTranslation();
  const [create] = useCreateCatalogueModeMutation();
  const [update] = useUpdateCatalogueModeMutation();
  const [rules, setRules] = useState<GameType>(mode?.id ?? free[0] ?? 'freeforall');
  const [nameDe, setNameDe] = useState(mode?.name.de ?? '');
  const [nameEn, setNameEn] = useState(mode?.name.en ?? '');
  const [de, setDe] = useState(mode?.description.de ?? '');
  const [en, setEn] = useState(mode?.description.en ?? '');
  const [icon, setIcon] = useState(mode?.iconPath ?? '');
  // Shown from 1 as in the list (stored from 0).
  const [position, setPosition] = useState(mode ? String(mode.position + 1) : '');

  // Checked here with the contract first: the server's answers to bad input are English.
  const save = async () => {
    const fields = {
      name: { de: nameDe, en: nameEn },
      description: { de, en },
      iconPath: icon.trim() || null,
      ...(position.trim() === '' ? {} : { position: Number(position) - 1 }),
    };
    return mode
      ? update({
          applicationId: application.id,
          modeId: mode.id,
          change: checked(modeUpdateSchema.safeParse(fields)),
        }).unwrap()
      : create({
          applicationId: application.id,
          mode: checked(modeCreateSchema.safeParse({ id: rules, ...fields })),
        }).unwrap();
  };
  const lang = i18n.language === 'en' ? 'en' : 'de';
  return (
    <FormDialog
      fields={mode ? EDIT_FIELDS : CREATE_FIELDS}
      open={open}
      onOpenChange={onOpenChange}
      title={
        mode
          ? t('admin-catalogue.modes.editTitle', { name: mode.name[lang] })
          : t('admin-catalogue.modes.createTitle', { name: application.name })
      }
      onSave={save}
      invalidKeys={{ id: 'rules' }}
    >
      {(refusal) => (
        <>
          {!mode && (
            <SelectField
              label={t('admin-catalogue.modes.rules')}
              value={rules}
              onChange={(e) => setRules(e.target.value as GameType)}
              options={free.map((value) => ({ value, label: t(`admin-catalogue.rules.${value}`) }))}
              error={fieldError(refusal, 'id')}
            />
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('admin-catalogue.modes.nameDe')}
              lang="de"
              value={nameDe}
              onChange={(e) => setNameDe(e.target.value)}
              error={fieldError(refusal, 'name.de')}
              required
            />
            <TextField
              label={t('admin-catalogue.modes.nameEn')}
              lang="en"
              value={nameEn}
              onChange={(e) => setNameEn(e.target.value)}
              error={fieldError(refusal, 'name.en')}
              required
            />
          </div>
          <LongTextField
            label={t('admin-catalogue.modes.descriptionDe')}
            lang="de"
            value={de}
            onChange={(e) => setDe(e.target.value)}
            error={fieldError(refusal, 'description.de')}
          />
          <LongTextField
            label={t('admin-catalogue.modes.descriptionEn')}
            lang="en"
            value={en}
            onChange={(e) => setEn(e.target.value)}
            error={fieldError(refusal, 'description.en')}
          />
          <TextField
            label={t('admin-catalogue.modes.position')}
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            value={position}
            onChange={(e) => setPosition(e.target.value)}
            error={fieldError(refusal, 'position')}
            className="max-w-40"
          />
          <IconField value={icon} onChange={setIcon} error={fieldError(refusal, 'iconPath')} />
        </>
      )}
    </FormDialog>
  );
}
