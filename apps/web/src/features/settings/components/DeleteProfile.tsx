import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import {
  Button,
  Card,
  CardBody,
  CardTitle,
  Dialog,
  DialogClose,
  Spinner,
  cn,
  focusRing,
} from '../../../components/ui';
import { DownloadData } from './DownloadData';
import { deleteOwnProfile } from '../state/settings-thunks';
import { hideDeleteDialog, selectDeleteProfile, showDeleteDialog } from '../state/delete-slice';

/** The 'delete profile' link and its modal: title, body, cancel, delete. */
export function DeleteProfile({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { dialogOpen, deleteInProgress } = useAppSelector(selectDeleteProfile);
  return (
    <Card className="border-danger/30">
      <CardBody className="flex flex-col items-start gap-3">
        <CardTitle>{t('settings.profileTitle')}</CardTitle>
        <p className="text-ink-muted">{t('settings.deleteHint')}</p>
        <button
          type="button"
          onClick={() => dispatch(showDeleteDialog())}
          className={cn(
            'inline-flex items-center gap-2 rounded-md font-semibold text-danger underline underline-offset-4 hover:text-neon-pink-soft',
            focusRing,
          )}
        >
          <Trash2 aria-hidden="true" size={18} />
          {t('settings.deleteLink')}
        </button>
      </CardBody>
      <Dialog
        open={dialogOpen}
        onOpenChange={(open) => dispatch(open ? showDeleteDialog() : hideDeleteDialog())}
        title={t('settings.deleteTitle')}
        description={t('settings.deleteBody')}
        footer={
          <>
            <DialogClose>
              <Button variant="secondary" disabled={deleteInProgress}>
                {t('settings.cancel')}
              </Button>
            </DialogClose>
            {/* Busy, not disabled, while deleting: `disabled` drops the focus to the page behind
                the dialog, which stays open when the deletion fails. */}
            <Button
              variant="danger"
              busy={deleteInProgress}
              onClick={() => void dispatch(deleteOwnProfile(profileId))}
            >
              {deleteInProgress ? (
                <Spinner size="sm" label={t('settings.deleting')} />
              ) : (
                <Trash2 aria-hidden="true" size={18} />
              )}
              {t('settings.delete')}
            </Button>
          </>
        }
      >
        <div className="mt-4 flex flex-col gap-3 rounded-lg border border-line p-3">
          <p className="text-sm text-ink-muted">{t('settings.exportBeforeDelete')}</p>
          <DownloadData summary={false} />
        </div>
      </Dialog>
    </Card>
  );
}
