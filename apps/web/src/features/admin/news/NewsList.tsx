import { Link } from 'react-router';
import { Newspaper, Pencil, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminNewsSummary } from '@arcadia/contracts';
import {
  buttonClasses,
  Card,
  CardBody,
  cn,
  EmptyState,
  ErrorState,
  PageSpinner,
} from '../../../components/ui';
import { useConsole } from '../shell/console-context';
import { useConsoleFormat } from '../shell/format';
import { useGetNewsArticlesQuery } from './api/get-news-articles';
import { shownStatus, statusClasses } from './news-status';

/** Every article with its status and date, newest first (undated drafts on top). */
export function NewsList() {
  const { t } = useTranslation();
  const { href } = useConsole();
  const { data, isLoading, isError, refetch } = useGetNewsArticlesQuery();
  const contentful = data?.source === 'contentful';
  return (
    <section aria-labelledby="news-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="news-title" className="font-display text-2xl font-bold text-ink">
          {t('admin-news.title')}
        </h2>
        {data && !contentful && (
          <Link to={href('news/new')} className={buttonClasses('primary', 'md')}>
            <Plus aria-hidden="true" size={18} />
            {t('admin-news.create')}
          </Link>
        )}
      </div>
      {isLoading ? (
        <PageSpinner label={t('admin-news.loading')} />
      ) : isError || !data ? (
        <ErrorState message={t('admin-news.failed')} onRetry={() => void refetch()} />
      ) : contentful ? (
        <EmptyState icon={<Newspaper size={40} />} title={t('admin-news.contentful')} />
      ) : data.articles.length === 0 ? (
        <EmptyState icon={<Newspaper size={40} />} title={t('admin-news.empty')} />
      ) : (
        <ul className="grid gap-4 xl:grid-cols-2">
          {data.articles.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} editHref={href(`news/${article.id}`)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ArticleCard({ article, editHref }: { article: AdminNewsSummary; editHref: string }) {
  const { t } = useTranslation();
  const format = useConsoleFormat();
  const status = shownStatus(article);
  return (
    <Card className="h-full">
      <CardBody className="flex h-full gap-4">
        {article.headerUrl ? (
          <img
            src={`${article.headerUrl}?fm=jpg&q=50&w=240`}
            alt=""
            className="hidden h-20 w-32 shrink-0 rounded-lg object-cover sm:block"
          />
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <span
              className={cn(
                'rounded-full border px-2.5 py-0.5 text-xs font-bold tracking-wide uppercase',
                statusClasses[status],
              )}
            >
              {t(`admin-news.status.${status}`)}
            </span>
            <span className="text-sm text-ink-muted">
              {t('admin-news.dateLine', {
                date: article.publishAt
                  ? format.dateTime(article.publishAt)
                  : t('admin-news.noDate'),
              })}
            </span>
          </div>
          <h3 className="font-display text-lg font-bold break-words text-ink">
            {article.titles.de}
          </h3>
          <p className="text-sm break-words text-ink-muted">
            {article.titles.en ?? t('admin-news.noTitleEn')} · /news/{article.slug}
          </p>
          <div className="mt-auto flex justify-end">
            <Link
              to={editHref}
              className={buttonClasses('secondary', 'sm')}
              aria-label={`${t('admin-news.edit')}: ${article.titles.de}`}
            >
              <Pencil aria-hidden="true" size={16} />
              {t('admin-news.edit')}
            </Link>
          </div>
        </div>
      </CardBody>
    </Card>
  );
}
