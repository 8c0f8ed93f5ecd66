import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGB_VERSION } from '@arcadia/contracts/limits';
import { Button, Dialog, DialogClose } from '../../components/ui';
import { useAcceptAgbMutation } from './api/accept-agb';
import { TermsList } from './components/TermsDialog';

/**
 * Asks a registered player who accepted older terms to accept the current ones (issue 17:
 * terms versions), or, with `first`, a player who never accepted any (a profile made for a
 * user card at the venue, then linked to a sign-in). "Later" closes it until the next visit (the
 * next start of the app); the accepted version and time are recorded by the server.
 */
export function TermsUpdate({ first = false }: { first?: boolean }) {
  const { t } = useTranslation();
  const texts = first ? 'registration.termsFirst' : 'registration.termsUpdate';
  const [open, setOpen] = useState(true);
  const [accept, { isLoading, isError }] = useAcceptAgbMutation();
  const submit = async () => {
    const answer = await accept({ version: AGB_VERSION });
    if ('data' in answer) setOpen(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t(`${texts}.title`)}
      description={t(`${texts}.intro`)}
      footer={
        <>
          <DialogClose>
            <Button variant="secondary">{t('registration.termsUpdate.later')}</Button>
          </DialogClose>
          {/* Busy, not disabled, while sending: `disabled` drops the focus to the page behind
              the dialog, which stays open when the answer fails. */}
          <Button busy={isLoading} onClick={() => void submit()}>
            {t('registration.termsUpdate.accept')}
          </Button>
        </>
      }
    >
      <TermsList className="max-h-[40vh] rounded-lg border border-line p-3 pl-8" />
      {isError && (
        <p role="alert" className="mt-3 text-sm font-semibold text-danger">
          {t('registration.termsUpdate.failed')}
        </p>
      )}
    </Dialog>
  );
}
