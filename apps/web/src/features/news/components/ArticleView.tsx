import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewsEntry } from '@arcadia/contracts';
import { headerImageUrl } from '../image-url';
import { RichText } from './RichText';
import { formatLongDate } from '../../../lib/i18n/date-format';

/**
 * One article as players see it: header image, date, title, abstract, rich-text content. The
 * article page shows it, and the console's news editor previews with it.
 */
export function ArticleView({
  item,
  before,
  titleLevel = 1,
}: {
  item: NewsEntry;
  /** Above the header image (the article page's "back" link). */
  before?: ReactNode;
  /** The page's h1, or h2 inside another page (the console's preview). */
  titleLevel?: 1 | 2;
}) {
  const { i18n } = useTranslation();
  const { title, abstract, content, header } = item.fields;
  const date = new Date(item.sys.createdAt);
  const Title = `h${titleLevel}` as const;
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      {before}
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
            {formatLongDate(date, i18n.language)}
          </time>
        )}
        <Title className="neon-text font-display text-3xl leading-tight font-extrabold text-ink sm:text-4xl">
          {title}
        </Title>
        <p className="text-xl text-ink-muted">{abstract}</p>
      </header>
      <RichText document={content} />
    </article>
  );
}
