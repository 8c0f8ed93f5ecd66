import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Asks before a form's unsaved changes are lost: leaving for another page of the app (a link,
 * the side navigation, the browser's back button) opens a confirmation, "Verwerfen" goes on,
 * "Weiter bearbeiten" stays; closing or reloading the tab gets the browser's own question.
 *
 * `unsaved` is asked at the moment of leaving, so a form that has just saved (and moves to its
 * saved article's page, or back to the list) answers false then, before it renders again.
 */
export function UnsavedChangesGuard({ unsaved }: { unsaved: () => boolean }) {
  const { t } = useTranslation();
  const ask = useRef(unsaved);
  useEffect(() => {
    ask.current = unsaved;
  });
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && ask.current(),
  );
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!ask.current()) return;
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      // It answers a Back itself: its own entry would race the router restoring the page's.
      backCloses={false}
      onOpenChange={(open) => {
        if (!open) blocker.reset?.();
      }}
      title={t('admin.unsaved.title')}
      description={t('admin.unsaved.text')}
      confirmLabel={t('admin.unsaved.discard')}
      cancelLabel={t('admin.unsaved.stay')}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
