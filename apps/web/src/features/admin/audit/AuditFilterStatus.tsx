import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What the log shows after a filter was set from an entry ("von Me", "zu Nova"): the entry's
 * button is gone with the old list, so the focus moves here (each time `focusKey` grows) and a
 * screen reader says what is filtered.
 */
export function AuditFilterStatus({
  by,
  about,
  focusKey,
}: {
  /** The name of the operator filtered by, if that filter is set. */
  by: string | undefined;
  /** The name of the target filtered by, if that filter is set. */
  about: string | undefined;
  focusKey: number;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focusKey > 0) ref.current?.focus();
  }, [focusKey]);
  const text =
    by !== undefined && about !== undefined
      ? t('admin-audit.filtered.byAbout', { by, about })
      : by !== undefined
        ? t('admin-audit.filtered.by', { by })
        : about !== undefined
          ? t('admin-audit.filtered.about', { about })
          : '';
  return (
    <p ref={ref} role="status" tabIndex={-1} className="font-semibold text-ink empty:hidden">
      {text}
    </p>
  );
}
