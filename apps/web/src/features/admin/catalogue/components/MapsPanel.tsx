import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import type { AdminApplication, AdminMap } from '@arcadia/contracts';
import { Button, EmptyState, ScrollArea, toast } from '../../../../components/ui';
import { useUpdateCatalogueMapMutation } from '../api/update-map';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { refusalOf } from '../form-state';
import { IconPreview } from './IconPreview';
import { MapDialog } from './MapDialog';
import { RetiredBadge } from './RetiredBadge';

/** Every map of every game; admins add, edit, retire and bring them back. */
export function MapsPanel({
  maps,
  applications,
  canEdit,
}: {
  maps: AdminMap[];
  applications: AdminApplication[];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ map?: AdminMap } | null>(null);
  const [change, { isLoading }] = useUpdateCatalogueMapMutation();
  // Retiring is asked first (devices' reports on the map are refused); bringing back is not.
  const [retiring, setRetiring] = useState<AdminMap | null>(null);
  const gameName = (id: string) => applications.find((a) => a.id === id)?.name ?? id;

  async function toggle(map: AdminMap) {
    try {
      await change({ map, change: map.retiredAt ? 'unretire' : 'retire' }).unwrap();
      setRetiring(null);
    } catch (error) {
      setRetiring(null);
      toast({
        variant: 'error',
        title: refusalOf(error, t).message ?? t('admin-catalogue.invalid.request'),
      });
    }
  }

  return (
    <div className="space-y-4">
      {canEdit && (
        <Button onClick={() => setEditing({})}>
          <Plus aria-hidden="true" size={18} />
          {t('admin-catalogue.maps.add')}
        </Button>
      )}
      {maps.length === 0 ? (
        <EmptyState title={t('admin-catalogue.maps.empty')} />
      ) : (
        <ScrollArea
          label={t('admin-catalogue.maps.table')}
          className="overflow-hidden rounded-xl border border-line"
        >
          <table className="w-full min-w-[40rem] text-left">
            <caption className="sr-only">{t('admin-catalogue.maps.table')}</caption>
            <thead className="bg-night-800 text-sm text-ink-muted">
              <tr>
                <th scope="col" className="p-3">
                  {t('admin-catalogue.maps.iconColumn')}
                </th>
                <th scope="col" className="p-3">
                  {t('admin-catalogue.maps.name')}
                </th>
                <th scope="col" className="p-3">
                  {t('admin-catalogue.maps.game')}
                </th>
                <th scope="col" className="p-3">
                  {t('admin-catalogue.maps.status')}
                </th>
                {canEdit && (
                  <th scope="col" className="p-3">
                    {t('admin-catalogue.maps.actions')}
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {maps.map((map) => (
                <tr key={map.id}>
                  <td className="p-3">
                    <IconPreview path={map.iconPath} />
                  </td>
                  <th scope="row" className="p-3 font-semibold">
                    {map.name}
                    <span className="block text-sm font-normal text-ink-muted">
                      <code>{map.id}</code>
                    </span>
                  </th>
                  <td className="p-3">{gameName(map.applicationId)}</td>
                  <td className="p-3">
                    {map.retiredAt ? (
                      <RetiredBadge at={map.retiredAt} />
                    ) : (
                      t('admin-catalogue.maps.active')
                    )}
                  </td>
                  {canEdit && (
                    <td className="p-3">
                      <div className="flex flex-wrap gap-2">
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={`${t('admin-catalogue.edit')}: ${map.name}`}
                          onClick={() => setEditing({ map })}
                        >
                          {t('admin-catalogue.edit')}
                        </Button>
                        <Button
                          variant={map.retiredAt ? 'secondary' : 'danger'}
                          size="sm"
                          busy={isLoading}
                          title={t('admin-catalogue.maps.retireHint')}
                          aria-label={`${t(map.retiredAt ? 'admin-catalogue.unretire' : 'admin-catalogue.retire')}: ${map.name}`}
                          onClick={() => (map.retiredAt ? void toggle(map) : setRetiring(map))}
                        >
                          {t(map.retiredAt ? 'admin-catalogue.unretire' : 'admin-catalogue.retire')}
                        </Button>
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      <ConfirmDialog
        open={retiring !== null}
        onOpenChange={(open) => !open && setRetiring(null)}
        title={t('admin-catalogue.maps.retireTitle', { name: retiring?.name ?? '' })}
        description={t('admin-catalogue.maps.retireText')}
        confirmLabel={t('admin-catalogue.retire')}
        busy={isLoading}
        onConfirm={() => retiring && void toggle(retiring)}
      />
      {editing && (
        <MapDialog
          map={editing.map}
          applications={applications}
          open
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
    </div>
  );
}
