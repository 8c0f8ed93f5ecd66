import { useEffect, useRef, useState } from 'react';
import { EyeOff, Send, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminNewsArticle } from '@arcadia/contracts';
import { Button, toast } from '../../../components/ui';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { failureMessage } from '../shell/failure-message';
import { useDeleteNewsArticleMutation, useUnpublishNewsArticleMutation } from './api/news-status';
import { NEWS_REFUSALS } from './news-form-errors';

/** Which save is on its way: the form's own (submit), or the one that also publishes. */
export type Saving = 'save' | 'publish' | null;

/**
 * The editor's buttons, by the article's state:
 * - new: "Als Entwurf speichern" (the form's submit) and "Veröffentlichen";
 * - a draft, or taken down: "Löschen", "Speichern" and "Veröffentlichen";
 * - published (live or scheduled): "Löschen", "Zurückziehen" and "Speichern".
 * "Veröffentlichen" saves and publishes in one call (`publish: true`, NewsEditor.tsx, which asks
 * first when there is no English version); taking down changes only the status, deleting asks
 * first.
 */
export function NewsActions({
  article,
  saving,
  onPublish,
  onDeleted,
}: {
  article?: AdminNewsArticle;
  saving: Saving;
  onPublish: () => void;
  /** The article is gone: the editor leaves for the list. */
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [unpublish, unpublishing] = useUnpublishNewsArticleMutation();
  const [remove, removing] = useDeleteNewsArticleMutation();
  const busy = saving !== null || unpublishing.isLoading || removing.isLoading;
  const published = article?.status === 'published';
  const title = article?.titles.de ?? '';
  const failed = (error: unknown) =>
    toast({ variant: 'error', title: failureMessage(error, t, NEWS_REFUSALS) });

  // "Zurückziehen" is gone once the article is down: the focus goes to "Veröffentlichen", which
  // takes its place, instead of dropping to the top of the page.
  const publishButton = useRef<HTMLButtonElement>(null);
  const focusPublish = useRef(false);
  useEffect(() => {
    if (!focusPublish.current || published) return;
    focusPublish.current = false;
    publishButton.current?.focus();
  }, [published]);
  const onUnpublish = async (id: string) => {
    focusPublish.current = true;
    const result = await unpublish(id);
    if ('error' in result) {
      focusPublish.current = false;
      return failed(result.error);
    }
    toast({ variant: 'success', title: t('admin-news.unpublished', { title }) });
  };

  const onDelete = async (id: string) => {
    const result = await remove(id);
    if ('error' in result) return failed(result.error);
    setConfirming(false);
    toast({ variant: 'success', title: t('admin-news.deleted', { title }) });
    onDeleted();
  };

  return (
    <>
      {article && (
        <Button variant="ghost" busy={busy} onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" size={18} />
          {t('admin-news.delete')}
        </Button>
      )}
      {article && published && (
        <Button variant="secondary" busy={busy} onClick={() => void onUnpublish(article.id)}>
          <EyeOff aria-hidden="true" size={18} />
          {t('admin-news.unpublish')}
        </Button>
      )}
      <Button type="submit" variant={published ? 'primary' : 'secondary'} busy={busy}>
        {saving === 'save'
          ? t('admin.saving')
          : article
            ? t('admin.save')
            : t('admin-news.saveDraft')}
      </Button>
      {!published && (
        <Button ref={publishButton} busy={busy} onClick={onPublish}>
          <Send aria-hidden="true" size={18} />
          {saving === 'publish' ? t('admin-news.publishing') : t('admin-news.publish')}
        </Button>
      )}
      {article && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('admin-news.deleteTitle', { title })}
          description={t('admin-news.deleteText')}
          confirmLabel={t('admin-news.delete')}
          busy={removing.isLoading}
          onConfirm={() => void onDelete(article.id)}
        />
      )}
    </>
  );
}
