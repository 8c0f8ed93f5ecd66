import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';

export function Pager({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  // At the first and last page the buttons are aria-disabled, not disabled: 'Weiter' pressed to
  // reach the last page would otherwise drop the keyboard focus to the page.
  const first = page <= 1;
  const last = page >= totalPages;
  return (
    <nav
      aria-label={t('leaderboard.pagination')}
      className="flex items-center justify-between gap-3"
    >
      <Button
        variant="secondary"
        size="sm"
        aria-disabled={first || undefined}
        onClick={() => {
          if (!first) onPage(page - 1);
        }}
      >
        <ChevronLeft aria-hidden="true" size={18} />
        {t('leaderboard.previous')}
      </Button>
      <span className="text-sm text-ink-muted" aria-live="polite">
        {t('leaderboard.page', { page, total: totalPages })}
      </span>
      <Button
        variant="secondary"
        size="sm"
        aria-disabled={last || undefined}
        onClick={() => {
          if (!last) onPage(page + 1);
        }}
      >
        {t('leaderboard.next')}
        <ChevronRight aria-hidden="true" size={18} />
      </Button>
    </nav>
  );
}
