import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CardBatchDetail } from '@arcadia/contracts';
import {
  buttonClasses,
  Card,
  CardBody,
  cn,
  ErrorState,
  ScrollArea,
  Spinner,
} from '../../../components/ui';
import { toFailure } from '../../../lib/api/failure';
import { useConsole } from '../shell/console-context';
import { useConsoleFormat } from '../shell/format';
import { useGetCardBatchQuery } from './api/get-card-batch';
import { PrintPanel } from './PrintPanel';

/** /admin/cards/{batchId}: one batch, printing its sheet, and which cards are claimed. */
export function BatchDetail() {
  const { t } = useTranslation();
  const { batchId = '' } = useParams();
  const { arcadeId, href } = useConsole();
  const batch = useGetCardBatchQuery({ arcadeId: arcadeId ?? '', batchId });
  const back = (
    <Link to={href('cards')} className={cn(buttonClasses('ghost', 'sm'), 'self-start')}>
      <ArrowLeft aria-hidden="true" size={16} />
      {t('admin-cards.back')}
    </Link>
  );
  if (batch.isLoading)
    return <Spinner size="lg" className="w-full py-16" label={t('admin-cards.loadingBatch')} />;
  if (batch.isError || !batch.data) {
    const missing = batch.isError && toFailure(batch.error).status === 404;
    return (
      <div className="flex flex-col gap-4">
        {back}
        <ErrorState
          message={missing ? t('admin-cards.notFound') : t('admin-cards.loadBatchFailed')}
          onRetry={missing ? undefined : () => void batch.refetch()}
        />
      </div>
    );
  }
  return <Batch batch={batch.data} back={back} />;
}

function Batch({ batch, back }: { batch: CardBatchDetail; back: ReactNode }) {
  const { t } = useTranslation();
  const format = useConsoleFormat();
  const name = batch.label ?? t('admin-cards.untitled');
  return (
    <section aria-labelledby="batch-title" className="flex flex-col gap-4">
      {back}
      <div>
        <h2 id="batch-title" className="font-display text-2xl font-bold break-words text-ink">
          {name}
        </h2>
        <p className="text-ink-muted">
          {t('admin-cards.madeOn', { date: format.dateTime(batch.createdAt) })}
          {batch.createdBy ? ` · ${batch.createdBy.userName}` : ''}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {(
          [
            ['size', batch.size],
            ['claimed', batch.claimed],
            ['unclaimed', batch.unclaimed],
            ['deleted', batch.deleted],
          ] as const
        ).map(([key, value]) => (
          <div key={key} className="rounded-2xl border border-line bg-night-800/85 px-4 py-3">
            <dt className="text-sm text-ink-muted">{t(`admin-cards.counts.${key}`)}</dt>
            <dd className="font-display text-2xl font-bold text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-ink-muted">
        {batch.printedAt
          ? t('admin-cards.lastPrinted', { date: format.dateTime(batch.printedAt) })
          : t('admin-cards.neverPrinted')}
      </p>
      <PrintPanel batch={batch} />
      <Card>
        <CardBody>
          <h3 className="mb-3 font-display text-lg font-bold text-ink">{t('admin-cards.cards')}</h3>
          <ScrollArea label={t('admin-cards.cards')}>
            <table className="w-full text-left text-sm">
              <thead className="text-ink-muted">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    {t('admin-cards.columns.position')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    {t('admin-cards.columns.name')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    {t('admin-cards.columns.status')}
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    {t('admin-cards.columns.claimedAt')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {batch.cards.map((card) => (
                  <tr key={card.userId} className="border-t border-line">
                    <td className="py-2 pr-3 text-ink-muted">{card.position}</td>
                    <td className="py-2 pr-3 font-mono text-ink">{card.userName}</td>
                    <td
                      className={cn(
                        'py-2 pr-3 font-semibold',
                        card.status === 'claimed' ? 'text-neon-green' : 'text-ink-muted',
                      )}
                    >
                      {t(`admin-cards.status.${card.status}`)}
                    </td>
                    <td className="py-2 text-ink-muted">
                      {card.claimedAt ? format.dateTime(card.claimedAt) : '–'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
        </CardBody>
      </Card>
    </section>
  );
}
