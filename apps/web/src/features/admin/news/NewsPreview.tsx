import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewsLocale, NewsPreviewInput } from '@arcadia/contracts';
import { ErrorState, PageSpinner, SelectField } from '../../../components/ui';
import { ArticleView } from '../../news';
import { usePreviewNewsMutation } from './api/preview-news';

/**
 * The article as players will see it: the server parses the editor's Markdown with the parser it
 * stores with, and the page renders it with the article page's own view.
 */
export function NewsPreview({
  input,
  hasEnglish,
}: {
  input: (locale: NewsLocale) => NewsPreviewInput;
  hasEnglish: boolean;
}) {
  const { t } = useTranslation();
  const [locale, setLocale] = useState<NewsLocale>('de');
  const [preview, { data, isLoading, isError }] = usePreviewNewsMutation();
  const shown: NewsLocale = hasEnglish ? locale : 'de';
  const body = JSON.stringify(input(shown));

  useEffect(() => {
    void preview(JSON.parse(body) as NewsPreviewInput);
  }, [body, preview]);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-prose text-sm text-ink-muted">{t('admin-news.previewHint')}</p>
        {hasEnglish && (
          <SelectField
            label={t('admin-news.previewLanguage')}
            value={shown}
            onChange={(e) => setLocale(e.target.value as NewsLocale)}
            options={[
              { value: 'de', label: t('admin-news.lang.de') },
              { value: 'en', label: t('admin-news.lang.en') },
            ]}
          />
        )}
      </div>
      <div className="rounded-2xl border border-dashed border-line p-4 sm:p-6">
        {isLoading && !data ? (
          <PageSpinner label={t('admin-news.previewLoading')} />
        ) : isError || !data ? (
          <ErrorState message={t('admin-news.previewFailed')} />
        ) : (
          <ArticleView item={data} titleLevel={2} />
        )}
      </div>
    </div>
  );
}
