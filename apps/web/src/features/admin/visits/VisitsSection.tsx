import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, ErrorState, Spinner } from '../../../components/ui';
import { useConsole } from '../shell/console-context';
import { CursorPages, DayPicker, useDayParam, type CursorPage } from '../shell/DayPicker';
import { useConsoleFormat } from '../shell/format';
import { useGetArcadeVisitsQuery } from './api/visits';
import { RecordVisit } from './RecordVisit';

/** /admin/visits: record a player's visit to the picked arcade, and the visits of a day. */
export function Component() {
  const { t } = useTranslation();
  const { arcade, arcadeId } = useConsole();
  const format = useConsoleFormat();
  const picked = useDayParam();
  const { day, today, setDay } = picked;
  return (
    <section aria-labelledby="visits-title" className="flex flex-col gap-4">
      <h2 id="visits-title" className="font-display text-2xl font-bold text-ink">
        {t('admin-visits.title', { arcade: arcade?.name ?? arcadeId })}
      </h2>
      {arcadeId && <RecordVisit arcadeId={arcadeId} onRecorded={() => setDay(today)} />}
      <h3 className="font-display text-xl font-bold text-ink">{t('admin-visits.listTitle')}</h3>
      <DayPicker
        {...picked}
        labels={{
          day: t('admin-visits.day'),
          previous: t('admin-visits.previousDay'),
          next: t('admin-visits.nextDay'),
        }}
      />
      <p className="text-ink-muted">{t('admin-visits.dayNote', { day: format.day(day) })}</p>
      {arcadeId && (
        <CursorPages key={day}>
          {(page) => <VisitsPage arcadeId={arcadeId} day={day} {...page} />}
        </CursorPages>
      )}
    </section>
  );
}

function VisitsPage({
  arcadeId,
  day,
  before,
  first,
  last,
  onMore,
}: { arcadeId: string; day: string } & CursorPage) {
  const { t } = useTranslation();
  const { href } = useConsole();
  const format = useConsoleFormat();
  const page = useGetArcadeVisitsQuery({ arcadeId, day, before });
  if (page.isLoading)
    return <Spinner size="lg" className="w-full py-10" label={t('admin-visits.loading')} />;
  if (page.isError)
    return (
      <ErrorState message={t('admin-visits.loadFailed')} onRetry={() => void page.refetch()} />
    );
  const visits = page.data?.visits ?? [];
  const next = page.data?.next;
  if (first && visits.length === 0) return <EmptyState title={t('admin-visits.empty')} />;
  return (
    <>
      <ul className="flex flex-col gap-2">
        {visits.map((visit) => (
          <li
            key={visit.id}
            className="grid grid-cols-[4.5rem_1fr] items-center gap-3 rounded-xl border border-line bg-night-800/85 px-4 py-3 text-ink"
          >
            <span className="font-display text-lg font-bold">{format.time(visit.visitedAt)}</span>
            <span className="min-w-0">
              <Link
                to={href(`players/${visit.userId}`)}
                className="font-semibold text-neon-cyan-soft"
              >
                {visit.userName}
              </Link>
              <span className="block truncate text-sm text-ink-muted">
                {visit.met
                  ? t('admin-visits.met', { name: visit.met.userName })
                  : visit.recordedBy
                    ? t('admin-visits.recordedBy', { name: visit.recordedBy.userName })
                    : t('admin-visits.recordedByDeleted')}
              </span>
            </span>
          </li>
        ))}
      </ul>
      {last && next && (
        <Button variant="secondary" className="self-center" onClick={() => onMore(next)}>
          {t('admin-visits.more')}
        </Button>
      )}
    </>
  );
}
