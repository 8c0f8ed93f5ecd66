import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { NewsEntry } from '@arcadia/contracts';
import { focusRing } from '../../../components/ui/focus';
import { cn } from '../../../lib/class-names';
import { headerImageUrl } from '../image-url';
import { formatLongDate } from '../../../lib/i18n/date-format';

/** A teaser about 24rem wide: header image, title, abstract and 'Weiter lesen ...'. */
export function NewsCard({ item, eager = false }: { item: NewsEntry; eager?: boolean }) {
  const { t, i18n } = useTranslation();
  const { slug, title, abstract, header } = item.fields;
  const headingId = `news-${slug}`;
  const date = new Date(item.sys.createdAt);
  return (
    <article
      aria-labelledby={headingId}
      className="group flex w-full max-w-[24rem] flex-col lg:max-w-[22rem] overflow-hidden rounded-2xl border border-line bg-night-800/85 shadow-[0_8px_30px_rgb(0_0_0/0.35)] transition hover:-translate-y-0.5 hover:border-neon-cyan/60 hover:shadow-neon-cyan"
    >
      {/* No header image, no empty black frame: the card starts with its date. */}
      {header && (
        <div className="aspect-[16/9] w-full overflow-hidden bg-night-950">
          <img
            src={headerImageUrl(header.fields.file.url)}
            alt=""
            width={header.fields.file.details.image.width || undefined}
            height={header.fields.file.details.image.height || undefined}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="h-full w-full object-cover transition duration-500 group-hover:scale-105"
          />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        {!Number.isNaN(date.getTime()) && (
          <time
            dateTime={item.sys.createdAt}
            className="text-xs font-semibold tracking-widest text-neon-pink-soft uppercase"
          >
            {formatLongDate(date, i18n.language)}
          </time>
        )}
        <h2 id={headingId} className="font-display text-2xl leading-tight font-bold text-ink">
          {title}
        </h2>
        <p className="flex-1 text-ink-muted">{abstract}</p>
        <Link
          to={`/news/${encodeURIComponent(slug)}`}
          aria-label={`${t('news.readMore')} ${title}`}
          className={cn(
            'inline-flex items-center gap-2 self-start rounded-lg font-semibold text-neon-cyan-soft no-underline hover:text-neon-cyan',
            focusRing,
          )}
        >
          {t('news.readMore')}
          <ArrowRight
            aria-hidden="true"
            size={18}
            className="transition group-hover:translate-x-1"
          />
        </Link>
      </div>
    </article>
  );
}
