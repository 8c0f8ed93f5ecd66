import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, CardBody, CardTitle, Spinner } from '../../../components/ui';
import { toast } from '../../../components/ui/toast-store';
import { downloadExport, ExportFailed, type ExportFormat } from '../api/download-export';

/**
 * The buttons that download the player's data (DSGVO Art. 15/20): the complete JSON file and the
 * readable summary. On the settings page and in the delete dialog.
 */
export function DownloadData({ summary = true }: { summary?: boolean }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const download = async (format: ExportFormat) => {
    if (busy !== null) return;
    setBusy(format);
    try {
      await downloadExport(format, i18n.language.startsWith('en') ? 'en' : 'de');
    } catch (error) {
      const limited = error instanceof ExportFailed && error.reason === 'rateLimited';
      toast({
        variant: 'error',
        title: limited
          ? t('settings.exportTooMany', { minutes: error.retryAfterMinutes })
          : t('settings.exportFailed'),
      });
    } finally {
      setBusy(null);
    }
  };

  const button = (format: ExportFormat, label: string, Icon: typeof Download) => (
    <Button
      variant="secondary"
      // Busy while its file is prepared, and the other button aria-disabled (a press is ignored
      // by `download`): `disabled` drops the focus to the page.
      aria-disabled={busy !== null || undefined}
      busy={busy === format}
      onClick={() => void download(format)}
    >
      {busy === format ? (
        <Spinner size="sm" label={t('settings.exportPreparing')} />
      ) : (
        <Icon aria-hidden="true" size={18} />
      )}
      {label}
    </Button>
  );

  return (
    <div className="flex flex-wrap gap-3">
      {button('json', t('settings.exportJson'), Download)}
      {summary && button('html', t('settings.exportSummary'), FileText)}
    </div>
  );
}

/** The settings card: what the download holds, and the buttons. */
export function DataExport() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardBody className="flex flex-col items-start gap-3">
        <CardTitle>{t('settings.exportTitle')}</CardTitle>
        <p className="text-ink-muted">{t('settings.exportHint')}</p>
        <DownloadData />
      </CardBody>
    </Card>
  );
}
