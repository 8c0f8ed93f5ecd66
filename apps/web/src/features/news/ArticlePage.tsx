import { Link, useParams } from 'react-router';
import { ArrowLeft, FileQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../components/ui/Button';
import { PageSpinner } from '../../components/ui/Spinner';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { ArticleView } from './components/ArticleView';
import { useNews } from './use-news';

/** /news/{slug}: the item with that slug: header image, title, rich-text content. */
export function Component() {
  const { slug = '' } = useParams();
  const { t } = useTranslation();
  const { items, loading, error, settled, retry } = useNews();
  const item = items.find((entry) => entry.fields.slug === slug);

  const back = (
    <Link to="/home" className={buttonClasses('secondary', 'sm')}>
      <ArrowLeft aria-hidden="true" size={18} />
      {t('news.back')}
    </Link>
  );

  if (!item) {
    if (loading || !settled) return <PageSpinner label={t('news.loading')} />;
    if (error) return <ErrorState message={t('news.failed')} onRetry={retry} />;
    return (
      <EmptyState icon={<FileQuestion size={40} />} title={t('news.notFound')} action={back} />
    );
  }

  return <ArticleView item={item} before={<div>{back}</div>} />;
}
