import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  mapCreateSchema,
  mapUpdateSchema,
  type AdminApplication,
  type AdminMap,
} from '@arcadia/contracts';
import { SelectField, TextField } from '../../../../components/ui';
import { useCreateCatalogueMapMutation } from '../api/create-map';
import { useUpdateCatalogueMapMutation } from '../api/update-map';
import { checked, fieldError } from '../form-state';
import { FormDialog } from './FormDialog';
import { IconField } from './IconField';

/**
 * The paths the dialog shows a refusal on (FormDialog): editing, the id and the game are not
 * fields (a 400 naming them is about the request, said once for the form).
 */
const EDIT_FIELDS = ['name', 'iconPath'] as const;
const CREATE_FIELDS = ['id', 'applicationId', ...EDIT_FIELDS] as const;

export interface MapDialogProps {
  /** The map to edit; undefined to add one. */
  map?: AdminMap;
  applications: AdminApplication[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Adds a map to a game, or renames it and changes its icon. */
export function MapDialog({ map, applications, open, onOpenChange }: MapDialogProps) {
  const { t } = useTranslation();
  const [create] = useCreateCatalogueMapMutation();
  const [update] = useUpdateCatalogueMapMutation();
  const [id, setId] = useState(map?.id ?? '');
  const [applicationId, setApplicationId] = useState(
    map?.applicationId ?? applications[0]?.id ?? '',
  );
  const [name, setName] = useState(map?.name ?? '');
  const [icon, setIcon] = useState(map?.iconPath ?? '');

  // Checked here with the contract first: the server's answers to bad input are English.
  const save = async () =>
    map
      ? update({
          map,
          change: checked(mapUpdateSchema.safeParse({ name, iconPath: icon.trim() })),
        }).unwrap()
      : create(
          checked(
            mapCreateSchema.safeParse({
              id: id.trim(),
              applicationId,
              name,
              iconPath: icon.trim(),
            }),
          ),
        ).unwrap();
  return (
    <FormDialog
      fields={map ? EDIT_FIELDS : CREATE_FIELDS}
      open={open}
      onOpenChange={onOpenChange}
      title={
        map
          ? t('admin-catalogue.maps.editTitle', { name: map.name })
          : t('admin-catalogue.maps.createTitle')
      }
      onSave={save}
      invalidKeys={{ id: 'mapId', applicationId: 'game' }}
    >
      {(refusal) => (
        <>
          {!map && (
            <>
              <TextField
                label={t('admin-catalogue.maps.id')}
                value={id}
                onChange={(e) => setId(e.target.value)}
                error={fieldError(refusal, 'id')}
                required
                autoComplete="off"
              />
              <SelectField
                label={t('admin-catalogue.maps.game')}
                value={applicationId}
                onChange={(e) => setApplicationId(e.target.value)}
                options={applications.map((a) => ({ value: a.id, label: a.name }))}
                error={fieldError(refusal, 'applicationId')}
              />
            </>
          )}
          <TextField
            label={t('admin-catalogue.maps.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={fieldError(refusal, 'name')}
            required
          />
          <IconField value={icon} onChange={setIcon} error={fieldError(refusal, 'iconPath')} />
        </>
      )}
    </FormDialog>
  );
}
