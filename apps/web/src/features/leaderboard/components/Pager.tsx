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
  return (
    <nav
      aria-label={t('leaderboard.pagination')}
      className="flex items-center justify-between gap-3"
    >
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" size={18} />
        {t('leaderboard.previous')}
      </Button>
      <span className="text-sm text-ink-muted" aria-live="polite">
        {t('leaderboard.page', { page, total: totalPages })}
      </span>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        {t('leaderboard.next')}
        <ChevronRight aria-hidden="true" size={18} />
      </Button>
    </nav>
  );
}
