import { useTranslation } from 'react-i18next';
import type { NewsLocale, NewsPreviewInput, NewsTranslationInput } from '@arcadia/contracts';
import { Checkbox, Tabs, TextField } from '../../../components/ui';
import { useConsoleFormat } from '../shell/format';
import { HeaderImageField } from './HeaderImageField';
import type { Values } from './news-form-values';
import { NewsPreview } from './NewsPreview';
import { fromVenueInput } from '../shell/venue-input';
import { TranslationFields } from './TranslationFields';

/**
 * The editor's fields: slug, publish date, header image, and the tabs German / English /
 * preview. `error` gives a field's message by its path on the form (news-form-errors.ts).
 */
export function NewsFields({
  values,
  set,
  error,
  tab,
  onTabChange,
}: {
  values: Values;
  set: (change: Partial<Values>) => void;
  error: (path: string) => string | undefined;
  tab: string;
  onTabChange: (tab: string) => void;
}) {
  const { t } = useTranslation();
  const translationError = (locale: NewsLocale) => (field: keyof NewsTranslationInput) =>
    error(`translations.${locale}.${field}`);

  const previewInput = (locale: NewsLocale): NewsPreviewInput => {
    const publishAt = fromVenueInput(values.publishAt);
    return {
      locale,
      ...(values.slug.trim() ? { slug: values.slug.trim() } : {}),
      headerAssetId: values.header?.id ?? null,
      publishAt: publishAt === 'invalid' ? null : publishAt,
      translation: locale === 'en' && values.english ? values.en : values.de,
    };
  };

  return (
    <>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label={t('admin-news.fields.slug')}
          hint={t('admin-news.hints.slug')}
          value={values.slug}
          error={error('slug')}
          autoComplete="off"
          onChange={(e) => set({ slug: e.target.value })}
        />
        <PublishDateField
          value={values.publishAt}
          error={error('publishAt')}
          onChange={(publishAt) => set({ publishAt })}
        />
      </div>
      <HeaderImageField
        value={values.header}
        onChange={(header) => set({ header })}
        error={error('headerAssetId')}
      />
      <Tabs
        label={t('admin-news.languages')}
        value={tab}
        onValueChange={onTabChange}
        items={[
          {
            value: 'de',
            label: t('admin-news.lang.de'),
            content: (
              <TranslationFields
                locale="de"
                value={values.de}
                onChange={(de) => set({ de })}
                error={translationError('de')}
              />
            ),
          },
          {
            value: 'en',
            label: t('admin-news.lang.en'),
            content: (
              <div className="flex flex-col gap-4">
                <Checkbox
                  label={t('admin-news.fields.english')}
                  checked={values.english}
                  onChange={(e) => set({ english: e.target.checked })}
                />
                <p className="-mt-2 text-sm text-ink-muted">{t('admin-news.hints.english')}</p>
                {values.english && (
                  <TranslationFields
                    locale="en"
                    value={values.en}
                    onChange={(en) => set({ en })}
                    error={translationError('en')}
                  />
                )}
              </div>
            ),
          },
          {
            value: 'preview',
            label: t('admin-news.lang.preview'),
            content:
              tab === 'preview' ? (
                <NewsPreview input={previewInput} hasEnglish={values.english} />
              ) : null,
          },
        ]}
      />
    </>
  );
}

/**
 * The publish date: a datetime-local input, written the way the browser writes dates (its
 * language, not the console's), meaning the arcades' time in Berlin (shell/venue-input.ts). Its
 * description says so, and repeats a chosen date in the console's own format.
 */
function PublishDateField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const format = useConsoleFormat();
  const chosen = fromVenueInput(value);
  return (
    <TextField
      type="datetime-local"
      label={t('admin-news.fields.publishAt')}
      hint={
        <>
          <span className="block">{t('admin.venueTime')}</span>{' '}
          <span className="block">{t('admin-news.hints.publishAt')}</span>{' '}
          {chosen && chosen !== 'invalid' && (
            <span className="block font-semibold text-ink">
              {t('admin-news.publishAtChosen', { date: format.dateTime(chosen) })}
            </span>
          )}
        </>
      }
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
