import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EyeOff, Send, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminNewsArticle } from '@arcadia/contracts';
import { Button, toast } from '../../../components/ui';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { useConsole } from '../shell/console-context';
import { failureMessage } from '../shell/failure-message';
import { useConsoleFormat } from '../shell/format';
import {
  useDeleteNewsArticleMutation,
  usePublishNewsArticleMutation,
  useUnpublishNewsArticleMutation,
} from './api/news-status';
import { NEWS_REFUSALS } from './news-form-errors';
import { fromLocalInput } from './news-status';

/**
 * Publish (the editor's text is saved first; from the form's date, else now), take down, delete
 * after a confirmation.
 */
export function NewsActions({
  article,
  save,
  publishAt,
}: {
  article: AdminNewsArticle;
  save: () => Promise<AdminNewsArticle | undefined>;
  /** The form's datetime-local value. */
  publishAt: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { href } = useConsole();
  const format = useConsoleFormat();
  const [confirming, setConfirming] = useState(false);
  const [publish, publishing] = usePublishNewsArticleMutation();
  const [unpublish, unpublishing] = useUnpublishNewsArticleMutation();
  const [remove, removing] = useDeleteNewsArticleMutation();
  const title = article.titles.de;
  const failed = (error: unknown) =>
    toast({
      variant: 'error',
      title: failureMessage(error, t, NEWS_REFUSALS),
    });

  const onPublish = async () => {
    const saved = await save();
    if (!saved) return;
    const date = fromLocalInput(publishAt);
    const result = await publish({
      id: saved.id,
      ...(date && date !== 'invalid' ? { publishAt: date } : {}),
    });
    if ('error' in result) return failed(result.error);
    const done = result.data;
    toast({
      variant: 'success',
      title: done.live
        ? t('admin-news.published', { title: done.titles.de })
        : t('admin-news.scheduled', {
            title: done.titles.de,
            date: done.publishAt ? format.dateTime(done.publishAt) : '',
          }),
    });
  };

  const onUnpublish = async () => {
    const result = await unpublish(article.id);
    if ('error' in result) return failed(result.error);
    toast({ variant: 'success', title: t('admin-news.unpublished', { title }) });
  };

  const onDelete = async () => {
    const result = await remove(article.id);
    if ('error' in result) return failed(result.error);
    setConfirming(false);
    toast({ variant: 'success', title: t('admin-news.deleted', { title }) });
    await navigate(href('news'));
  };

  return (
    <>
      <Button variant="ghost" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden="true" size={18} />
        {t('admin-news.delete')}
      </Button>
      {article.status === 'published' && (
        <Button
          variant="secondary"
          disabled={unpublishing.isLoading}
          onClick={() => void onUnpublish()}
        >
          <EyeOff aria-hidden="true" size={18} />
          {t('admin-news.unpublish')}
        </Button>
      )}
      <Button variant="secondary" disabled={publishing.isLoading} onClick={() => void onPublish()}>
        <Send aria-hidden="true" size={18} />
        {t('admin-news.publish')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('admin-news.deleteTitle', { title })}
        description={t('admin-news.deleteText')}
        confirmLabel={t('admin-news.delete')}
        busy={removing.isLoading}
        onConfirm={() => void onDelete()}
      />
    </>
  );
}
