import { useState } from 'react';
import { Link } from 'react-router';
import { Archive, Clock, MapPin, Pencil, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminArcade } from '@arcadia/contracts';
import {
  Button,
  buttonClasses,
  Card,
  CardBody,
  Dialog,
  DialogClose,
  EmptyState,
  toast,
} from '../../../components/ui';
import { useConsole } from '../shell/console-context';
import { failureMessage } from '../shell/failure-message';
import { useRetireArcadeMutation } from './api/retire-arcade';

/** The arcades the operator runs, with their details and what may be done with each. */
export function ArcadeList() {
  const { t } = useTranslation();
  const { operator, arcades, href } = useConsole();
  const [retiring, setRetiring] = useState<AdminArcade | null>(null);
  const isAdmin = operator.role === 'admin';
  return (
    <section aria-labelledby="arcades-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="arcades-title" className="font-display text-2xl font-bold text-ink">
          {t('admin-arcades.title')}
        </h2>
        {isAdmin && (
          <Link to={href('arcades/new')} className={buttonClasses('primary', 'md')}>
            <Plus aria-hidden="true" size={18} />
            {t('admin-arcades.create')}
          </Link>
        )}
      </div>
      {arcades.length === 0 ? (
        <EmptyState title={t('admin-arcades.empty')} />
      ) : (
        <ul className="grid gap-4 xl:grid-cols-2">
          {arcades.map((arcade) => (
            <li key={arcade.id}>
              <ArcadeCard
                arcade={arcade}
                editHref={href(`arcades/${encodeURIComponent(arcade.id)}/edit`)}
                onRetire={isAdmin && !arcade.retiredAt ? () => setRetiring(arcade) : undefined}
              />
            </li>
          ))}
        </ul>
      )}
      <RetireDialog arcade={retiring} onClose={() => setRetiring(null)} />
    </section>
  );
}

function ArcadeCard({
  arcade,
  editHref,
  onRetire,
}: {
  arcade: AdminArcade;
  editHref: string;
  onRetire?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card className="h-full">
      <CardBody className="flex h-full flex-col gap-3">
        <div className="flex items-start gap-3">
          {arcade.logoPath ? (
            <img
              src={arcade.logoPath}
              alt=""
              className="h-12 w-12 shrink-0 rounded-lg bg-night-950 object-contain"
            />
          ) : null}
          <div className="min-w-0 flex-1">
            <h3 className="font-display text-lg font-bold break-words text-ink">{arcade.name}</h3>
            <p className="font-mono text-sm text-ink-muted">{arcade.id}</p>
          </div>
          {arcade.retiredAt && (
            <span className="rounded-full border border-line px-2 py-0.5 text-xs font-semibold text-ink-muted">
              {t('admin-arcades.retired')}
            </span>
          )}
        </div>
        {(arcade.city || arcade.address) && (
          <p className="flex items-start gap-2 text-ink-muted">
            <MapPin aria-hidden="true" size={18} className="mt-0.5 shrink-0" />
            {[arcade.address, arcade.city].filter(Boolean).join(', ')}
          </p>
        )}
        <p className="flex items-start gap-2 text-ink-muted">
          <Clock aria-hidden="true" size={18} className="mt-0.5 shrink-0" />
          {arcade.openingHours.length
            ? arcade.openingHours
                .map((p) => `${t(`admin-arcades.daysShort.${p.day}`)} ${p.opens}–${p.closes}`)
                .join(' · ')
            : t('admin-arcades.noOpeningHours')}
        </p>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Link
            to={editHref}
            className={buttonClasses('secondary', 'sm')}
            aria-label={t('admin-arcades.editNamed', { name: arcade.name })}
          >
            <Pencil aria-hidden="true" size={16} />
            {t('admin-arcades.edit')}
          </Link>
          {onRetire && (
            <Button
              variant="ghost"
              size="sm"
              onClick={onRetire}
              aria-label={t('admin-arcades.retireNamed', { name: arcade.name })}
            >
              <Archive aria-hidden="true" size={16} />
              {t('admin-arcades.retire')}
            </Button>
          )}
        </div>
      </CardBody>
    </Card>
  );
}

function RetireDialog({ arcade, onClose }: { arcade: AdminArcade | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [retire, { isLoading }] = useRetireArcadeMutation();
  const confirm = async () => {
    if (!arcade) return;
    const result = await retire(arcade.id);
    if ('error' in result) {
      toast({ variant: 'error', title: failureMessage(result.error, t) });
      return;
    }
    toast({ variant: 'success', title: t('admin-arcades.retiredToast', { name: arcade.name }) });
    onClose();
  };
  return (
    <Dialog
      open={arcade !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('admin-arcades.retireTitle', { name: arcade?.name ?? '' })}
      description={t('admin-arcades.retireText')}
      footer={
        <>
          <DialogClose>
            <Button variant="ghost">{t('admin.cancel')}</Button>
          </DialogClose>
          <Button variant="danger" busy={isLoading} onClick={() => void confirm()}>
            {t('admin-arcades.retireConfirm')}
          </Button>
        </>
      }
    />
  );
}
