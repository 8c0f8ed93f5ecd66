import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CardBatch } from '@arcadia/contracts';
import { Button, EmptyState, ErrorState, Spinner, cn, focusRing } from '../../../components/ui';
import { useConsole } from '../shell/console-context';
import { useConsoleFormat } from '../shell/format';
import { useGetCardBatchesQuery } from './api/get-card-batches';
import { CreateBatchForm } from './CreateBatchForm';

/** The picked arcade's batches, newest first, and the form for a new one. */
export function BatchList() {
  const { t } = useTranslation();
  const { arcadeId, arcade } = useConsole();
  const id = arcadeId ?? '';
  // Each loaded page is one query; "older" adds the cursor of the next.
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  return (
    <section aria-labelledby="cards-title" className="flex flex-col gap-4">
      <h2 id="cards-title" className="font-display text-2xl font-bold text-ink">
        {t('admin-cards.title', { arcade: arcade?.name ?? id })}
      </h2>
      <CreateBatchForm />
      <h3 className="font-display text-lg font-bold text-ink">{t('admin-cards.batches')}</h3>
      {cursors.map((before, i) => (
        <BatchPage
          key={before ?? 'newest'}
          arcadeId={id}
          before={before}
          first={i === 0}
          onMore={
            i === cursors.length - 1 ? (next) => setCursors((list) => [...list, next]) : undefined
          }
        />
      ))}
    </section>
  );
}

function BatchPage({
  arcadeId,
  before,
  first,
  onMore,
}: {
  arcadeId: string;
  before: string | undefined;
  first: boolean;
  onMore?: (next: string) => void;
}) {
  const { t } = useTranslation();
  const page = useGetCardBatchesQuery({ arcadeId, before });
  if (page.isLoading) return <Spinner className="w-full py-10" label={t('admin-cards.loading')} />;
  if (page.isError || !page.data)
    return <ErrorState message={t('admin-cards.loadFailed')} onRetry={() => void page.refetch()} />;
  const { batches, next } = page.data;
  if (first && batches.length === 0) return <EmptyState title={t('admin-cards.empty')} />;
  return (
    <>
      <ul className="flex flex-col gap-2">
        {batches.map((batch) => (
          <li key={batch.id}>
            <BatchRow batch={batch} />
          </li>
        ))}
      </ul>
      {next && onMore && (
        <Button variant="secondary" className="self-center" onClick={() => onMore(next)}>
          {t('admin-cards.older')}
        </Button>
      )}
    </>
  );
}

function BatchRow({ batch }: { batch: CardBatch }) {
  const { t } = useTranslation();
  const { href } = useConsole();
  const format = useConsoleFormat();
  const name = batch.label ?? t('admin-cards.untitled');
  return (
    <Link
      to={href(`cards/${encodeURIComponent(batch.id)}`)}
      className={cn(
        'flex items-center gap-3 rounded-2xl border border-line bg-night-800/85 px-4 py-3 transition hover:border-neon-cyan/60',
        focusRing,
      )}
    >
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-ink">{name}</p>
        <p className="text-sm text-ink-muted">
          {format.dateTime(batch.createdAt)}
          {batch.createdBy ? ` · ${batch.createdBy.userName}` : ''}
        </p>
      </div>
      <p className="shrink-0 text-right text-sm">
        <span className="block font-semibold text-ink">
          {t('admin-cards.claimedOf', { claimed: batch.claimed, count: batch.size })}
        </span>
        <span className="text-ink-muted">
          {batch.printedAt ? t('admin-cards.printed') : t('admin-cards.notPrinted')}
        </span>
      </p>
      <ChevronRight aria-hidden="true" size={20} className="shrink-0 text-ink-muted" />
    </Link>
  );
}
