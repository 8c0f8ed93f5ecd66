import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { GAME_TYPES, type AdminApplication, type AdminMode } from '@arcadia/contracts';
import { Button, Card, CardBody, EmptyState } from '../../../../components/ui';
import { ApplicationDialog } from './ApplicationDialog';
import { IconPreview } from './IconPreview';
import { ModeDialog } from './ModeDialog';
import { ModeRow } from './ModeRow';

type Editing =
  | { kind: 'application'; application?: AdminApplication }
  | { kind: 'mode'; application: AdminApplication; mode?: AdminMode };

/** Every game with its modes; admins add and edit them, retire and bring back modes. */
export function ApplicationsPanel({
  applications,
  canEdit,
}: {
  applications: AdminApplication[];
  canEdit: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const [editing, setEditing] = useState<Editing | null>(null);
  const close = (open: boolean) => !open && setEditing(null);

  return (
    <div className="space-y-4">
      {canEdit && (
        <Button onClick={() => setEditing({ kind: 'application' })}>
          <Plus aria-hidden="true" size={18} />
          {t('admin-catalogue.applications.add')}
        </Button>
      )}
      {applications.length === 0 && <EmptyState title={t('admin-catalogue.applications.empty')} />}
      {applications.map((application) => {
        const free = GAME_TYPES.filter((type) => !application.modes.some((m) => m.id === type));
        return (
          <Card key={application.id}>
            <CardBody className="space-y-4">
              <div className="flex flex-wrap items-start gap-4">
                <IconPreview path={application.iconPath} />
                <div className="min-w-0 flex-1">
                  <h3 className="font-display text-xl font-bold">{application.name}</h3>
                  <p className="text-sm text-ink-muted">
                    <code>{application.id}</code>
                  </p>
                  <p className="mt-2 text-ink-muted">{application.description[lang]}</p>
                </div>
                {canEdit && (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`${t('admin-catalogue.edit')}: ${application.name}`}
                    onClick={() => setEditing({ kind: 'application', application })}
                  >
                    {t('admin-catalogue.edit')}
                  </Button>
                )}
              </div>
              <section aria-labelledby={`modes-${application.id}`}>
                <h4 id={`modes-${application.id}`} className="mb-2 font-semibold">
                  {t('admin-catalogue.applications.modes', { name: application.name })}
                </h4>
                {application.modes.length === 0 ? (
                  <p className="text-sm text-ink-muted">
                    {t('admin-catalogue.applications.noModes')}
                  </p>
                ) : (
                  <ul className="divide-y divide-line rounded-xl border border-line">
                    {application.modes.map((mode) => (
                      <ModeRow
                        key={mode.id}
                        mode={mode}
                        canEdit={canEdit}
                        onEdit={() => setEditing({ kind: 'mode', application, mode })}
                      />
                    ))}
                  </ul>
                )}
                {canEdit && free.length > 0 && (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="mt-2"
                    onClick={() => setEditing({ kind: 'mode', application })}
                  >
                    <Plus aria-hidden="true" size={16} />
                    {t('admin-catalogue.modes.add')}
                  </Button>
                )}
              </section>
            </CardBody>
          </Card>
        );
      })}
      {editing?.kind === 'application' && (
        <ApplicationDialog application={editing.application} open onOpenChange={close} />
      )}
      {editing?.kind === 'mode' && (
        <ModeDialog
          application={editing.application}
          mode={editing.mode}
          free={GAME_TYPES.filter((type) => !editing.application.modes.some((m) => m.id === type))}
          open
          onOpenChange={close}
        />
      )}
    </div>
  );
}
