import { Link, useParams } from 'react-router';
import { ArrowLeft, FileQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../components/ui/Button';
import { PageSpinner } from '../../components/ui/Spinner';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { RichText } from './components/RichText';
import { headerImageUrl } from './image-url';
import { useNews } from './use-news';

/** /news/{slug}: the item with that slug: header image, title, rich-text content. */
export function Component() {
  const { slug = '' } = useParams();
  const { t, i18n } = useTranslation();
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

  const { title, abstract, content, header } = item.fields;
  const date = new Date(item.sys.createdAt);
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div>{back}</div>
      {header && (
        <img
          src={headerImageUrl(header.fields.file.url)}
          alt={header.fields.title}
          width={header.fields.file.details.image.width || undefined}
          height={header.fields.file.details.image.height || undefined}
          className="aspect-[16/9] w-full rounded-2xl border border-line object-cover shadow-neon-pink"
        />
      )}
      <header className="flex flex-col gap-3">
        {!Number.isNaN(date.getTime()) && (
          <time
            dateTime={item.sys.createdAt}
            className="text-xs font-semibold tracking-widest text-neon-pink-soft uppercase"
          >
            {date.toLocaleDateString(i18n.language, {
              day: 'numeric',
              month: 'long',
              year: 'numeric',
            })}
          </time>
        )}
        <h1 className="neon-text font-display text-3xl leading-tight font-extrabold text-ink sm:text-4xl">
          {title}
        </h1>
        <p className="text-xl text-ink-muted">{abstract}</p>
      </header>
      <RichText document={content} />
    </article>
  );
}
