import { Newspaper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/ui/Spinner';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { NewsCard } from './components/NewsCard';
import { useNews } from './use-news';

/** /home: the news teasers, a wrapping row of cards. */
export function Component() {
  const { t } = useTranslation();
  const { items, loading, error, settled, retry } = useNews();
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col items-center gap-2 pt-2 text-center">
        <p className="text-xs font-bold tracking-[0.3em] text-neon-pink-soft uppercase">
          {t('news.kicker')}
        </p>
        <h1 className="neon-text font-display text-4xl font-extrabold tracking-wide text-ink uppercase sm:text-5xl">
          {t('news.title')}
        </h1>
        <p className="max-w-xl text-ink-muted">{t('news.intro')}</p>
      </header>
      {items.length > 0 ? (
        <section
          aria-label={t('news.listLabel')}
          className="flex flex-wrap justify-center gap-6 lg:gap-5"
        >
          {items.map((item, index) => (
            <NewsCard key={item.sys.id} item={item} eager={index < 2} />
          ))}
        </section>
      ) : loading || !settled ? (
        <PageSpinner label={t('news.loading')} />
      ) : error ? (
        <ErrorState message={t('news.failed')} onRetry={retry} />
      ) : (
        <EmptyState icon={<Newspaper size={40} />} title={t('news.empty')} />
      )}
    </div>
  );
}
