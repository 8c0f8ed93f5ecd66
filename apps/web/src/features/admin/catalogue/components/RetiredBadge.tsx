import { useTranslation } from 'react-i18next';

/** "Retired" beside a mode or map that is, nothing otherwise. */
export function RetiredBadge({ at }: { at: string | null }) {
  const { t } = useTranslation();
  if (!at) return null;
  return (
    <span className="ml-2 inline-block rounded-full border border-neon-yellow/60 px-2 py-0.5 align-middle text-xs font-semibold text-neon-yellow">
      {t('admin-catalogue.retired')}
    </span>
  );
}
