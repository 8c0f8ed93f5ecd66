import { useState } from 'react';
import { FileImage, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CARDS_PER_SHEET_PAGE, type CardBatchDetail, type PrintFormat } from '@arcadia/contracts';
import { Button, Card, CardBody, toast } from '../../../components/ui';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { failureMessage } from '../shell/failure-message';
import { usePrintCardSheetMutation } from './api/print-card-sheet';
import { saveFile } from './save-file';

interface Job {
  format: PrintFormat;
  page?: number;
}

/**
 * Prints the batch's unclaimed cards: the whole sheet as PDF, or one A4 page as PNG. Each print
 * gives the printed cards new claim secrets; once a batch was printed, the operator confirms that
 * the earlier sheet's cards stop working.
 */
export function PrintPanel({ batch }: { batch: CardBatchDetail }) {
  const { t } = useTranslation();
  const [print, { isLoading, originalArgs }] = usePrintCardSheetMutation();
  const [pending, setPending] = useState<Job | null>(null);
  const pages = Math.ceil(batch.unclaimed / CARDS_PER_SHEET_PAGE);
  const printedBefore = batch.cards.some((card) => card.status === 'printed');

  const run = async (job: Job) => {
    setPending(null);
    const result = await print({ arcadeId: batch.arcadeId, batchId: batch.id, ...job });
    if ('error' in result) {
      toast({
        variant: 'error',
        title: t('admin-cards.print.failed'),
        description: failureMessage(result.error, t, {
          batch_claimed: 'admin-cards.print.allClaimed',
          no_such_page: 'admin-cards.print.noSuchPage',
        }),
      });
      return;
    }
    const page = job.page === undefined ? '' : `-p${job.page}`;
    saveFile(
      result.data,
      `arcadia-cards-${batch.arcadeId}-${batch.id.slice(0, 8)}${page}.${job.format}`,
    );
  };
  const start = (job: Job) => (printedBefore ? setPending(job) : void run(job));
  const busy = (job: Job) =>
    isLoading && originalArgs?.format === job.format && originalArgs.page === job.page;
  const jobs: Job[] = [
    { format: 'pdf' },
    ...Array.from({ length: pages }, (_, i): Job => ({ format: 'png', page: i + 1 })),
  ];

  return (
    <Card>
      <CardBody className="flex flex-col gap-3">
        <h3 className="font-display text-lg font-bold text-ink">{t('admin-cards.print.title')}</h3>
        {pages === 0 ? (
          <p className="text-ink-muted">{t('admin-cards.print.allClaimed')}</p>
        ) : (
          <>
            <p className="text-sm text-ink-muted">
              {t('admin-cards.print.text', {
                count: batch.unclaimed,
                pages: t('admin-cards.print.pages', { count: pages }),
              })}
            </p>
            <div className="flex flex-wrap gap-2">
              {jobs.map((job) => (
                <Button
                  key={`${job.format}-${job.page ?? 'all'}`}
                  variant={job.format === 'pdf' ? 'primary' : 'secondary'}
                  size="sm"
                  busy={isLoading}
                  onClick={() => start(job)}
                >
                  {job.format === 'pdf' ? (
                    <FileText aria-hidden="true" size={16} />
                  ) : (
                    <FileImage aria-hidden="true" size={16} />
                  )}
                  {busy(job)
                    ? t('admin-cards.print.loading')
                    : job.format === 'pdf'
                      ? t('admin-cards.print.pdf')
                      : t('admin-cards.print.png', { page: job.page })}
                </Button>
              ))}
            </div>
          </>
        )}
      </CardBody>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t('admin-cards.print.againTitle')}
        description={
          pending?.page === undefined
            ? t('admin-cards.print.againText')
            : t('admin-cards.print.againPageText', { page: pending.page })
        }
        confirmLabel={t('admin-cards.print.againConfirm')}
        onConfirm={() => pending && void run(pending)}
      />
    </Card>
  );
}
