import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminMode } from '@arcadia/contracts';
import { Button, toast } from '../../../../components/ui';
import { useUpdateCatalogueModeMutation } from '../api/update-mode';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { refusalOf } from '../form-state';
import { IconPreview } from './IconPreview';
import { RetiredBadge } from './RetiredBadge';

/** One mode of a game: its names, rule set, order and state; admins edit or retire it. */
export function ModeRow({
  mode,
  canEdit,
  onEdit,
}: {
  mode: AdminMode;
  canEdit: boolean;
  onEdit: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const [change, { isLoading }] = useUpdateCatalogueModeMutation();
  const name = mode.name[lang];
  const [confirming, setConfirming] = useState(false);

  async function toggle() {
    try {
      await change({
        applicationId: mode.applicationId,
        modeId: mode.id,
        change: mode.retiredAt ? 'unretire' : 'retire',
      }).unwrap();
      setConfirming(false);
    } catch (error) {
      setConfirming(false);
      toast({
        variant: 'error',
        title: refusalOf(error, t).message ?? t('admin-catalogue.invalid.request'),
      });
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <IconPreview path={mode.iconPath} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          {/* Stored from 0; people count from 1. */}
          {mode.position + 1}. {name} <RetiredBadge at={mode.retiredAt} />
        </p>
        <p className="text-sm text-ink-muted">
          <code>{mode.id}</code> ·{' '}
          {mode.teams ? t('admin-catalogue.modes.teams') : t('admin-catalogue.modes.solo')}
        </p>
      </div>
      {canEdit && (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-label={`${t('admin-catalogue.edit')}: ${name}`}
            onClick={onEdit}
          >
            {t('admin-catalogue.edit')}
          </Button>
          <Button
            variant={mode.retiredAt ? 'secondary' : 'danger'}
            size="sm"
            busy={isLoading}
            aria-label={`${t(mode.retiredAt ? 'admin-catalogue.unretire' : 'admin-catalogue.retire')}: ${name}`}
            title={t('admin-catalogue.modes.retireHint')}
            // Retiring is asked first (devices' reports in it are refused); bringing back is not.
            onClick={() => (mode.retiredAt ? void toggle() : setConfirming(true))}
          >
            {t(mode.retiredAt ? 'admin-catalogue.unretire' : 'admin-catalogue.retire')}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('admin-catalogue.modes.retireTitle', { name })}
            description={t('admin-catalogue.modes.retireText')}
            confirmLabel={t('admin-catalogue.retire')}
            busy={isLoading}
            onConfirm={() => void toggle()}
          />
        </div>
      )}
    </li>
  );
}
