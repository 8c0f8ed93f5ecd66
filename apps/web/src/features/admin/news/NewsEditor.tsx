import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  newsArticleInputSchema,
  type AdminNewsArticle,
  type NewsLocale,
  type NewsPreviewInput,
  type NewsTranslationInput,
} from '@arcadia/contracts';
import {
  Button,
  Card,
  CardBody,
  Checkbox,
  cn,
  EmptyState,
  ErrorState,
  PageSpinner,
  Tabs,
  TextField,
  toast,
} from '../../../components/ui';
import { toFailure } from '../../../lib/api/failure';
import { useConsole } from '../shell/console-context';
import { failureMessage } from '../shell/failure-message';
import { failureFieldErrors, fieldErrors, type FieldErrors } from '../shell/form-errors';
import { useGetNewsArticleQuery } from './api/get-news-article';
import {
  useCreateNewsArticleMutation,
  useUpdateNewsArticleMutation,
} from './api/save-news-article';
import { HeaderImageField, type HeaderImage } from './HeaderImageField';
import { NewsActions } from './NewsActions';
import { NewsPreview } from './NewsPreview';
import { fromLocalInput, shownStatus, statusClasses, toLocalInput } from './news-status';
import { TranslationFields } from './TranslationFields';

interface Values {
  slug: string;
  /** The datetime-local input's value ('' = none). */
  publishAt: string;
  header: HeaderImage | null;
  de: NewsTranslationInput;
  en: NewsTranslationInput;
  english: boolean;
}

const emptyText: NewsTranslationInput = { title: '', abstract: '', markdown: '' };
const blank: Values = {
  slug: '',
  publishAt: '',
  header: null,
  de: emptyText,
  en: emptyText,
  english: false,
};

function valuesOf(article: AdminNewsArticle): Values {
  return {
    slug: article.slug,
    publishAt: toLocalInput(article.publishAt),
    header:
      article.headerAssetId && article.headerUrl
        ? { id: article.headerAssetId, url: article.headerUrl }
        : null,
    de: article.translations.de,
    en: article.translations.en ?? emptyText,
    english: article.translations.en !== null,
  };
}

/** The request body the values make (checked with the contract before it is sent). */
function bodyOf(values: Values) {
  return {
    slug: values.slug.trim(),
    headerAssetId: values.header?.id ?? null,
    publishAt: fromLocalInput(values.publishAt),
    translations: { de: values.de, en: values.english ? values.en : null },
  };
}

/** `news/new` and `news/:id`: one editor for both. */
export function NewsEditor() {
  const { id } = useParams();
  return id ? <LoadedEditor id={id} /> : <NewsForm key="new" />;
}

function LoadedEditor({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data, isLoading, error, refetch } = useGetNewsArticleQuery(id);
  if (isLoading) return <PageSpinner label={t('admin-news.loading')} />;
  if (error && 'status' in error && error.status === 404)
    return <EmptyState title={t('admin-news.notFound')} />;
  if (!data) return <ErrorState message={t('admin-news.failed')} onRetry={() => void refetch()} />;
  return <NewsForm key={`${data.id}-${data.updatedAt}`} article={data} />;
}

function NewsForm({ article }: { article?: AdminNewsArticle }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { href } = useConsole();
  const [values, setValues] = useState<Values>(article ? valuesOf(article) : blank);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tab, setTab] = useState('de');
  const [create, creating] = useCreateNewsArticleMutation();
  const [update, updating] = useUpdateNewsArticleMutation();
  const busy = creating.isLoading || updating.isLoading;
  const set = (change: Partial<Values>) => setValues((v) => ({ ...v, ...change }));
  const error = (path: string) => {
    const raw = errors[path];
    if (raw === undefined) return undefined;
    const field = raw === 'exists' ? 'exists' : (path.split('.').at(-1) ?? path);
    return t(`admin-news.invalid.${field}`, { defaultValue: raw });
  };
  const translationError = (locale: NewsLocale) => (field: keyof NewsTranslationInput) =>
    error(`translations.${locale}.${field}`);

  /** Saves (creates or replaces); answers the stored article, or undefined when it failed. */
  const save = async (): Promise<AdminNewsArticle | undefined> => {
    const checked = newsArticleInputSchema.safeParse(bodyOf(values));
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      return undefined;
    }
    const result = article
      ? await update({ id: article.id, article: checked.data })
      : await create(checked.data);
    if ('error' in result) {
      const failure = toFailure(result.error);
      if (failure.status === 409 && failure.code !== 'news_in_contentful')
        setErrors({ slug: 'exists' });
      else if (failure.status === 400) setErrors(failureFieldErrors(failure));
      else
        toast({
          variant: 'error',
          title: failureMessage(failure, t, {
            news_in_contentful: 'admin-news.contentful',
            404: 'admin-news.gone',
          }),
        });
      return undefined;
    }
    setErrors({});
    return result.data;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await save();
    if (!saved) return;
    toast({ variant: 'success', title: t('admin-news.saved', { title: saved.titles.de }) });
    if (!article) await navigate(href(`news/${saved.id}`), { replace: true });
  };

  const previewInput = (locale: NewsLocale): NewsPreviewInput => {
    const publishAt = fromLocalInput(values.publishAt);
    return {
      locale,
      ...(values.slug.trim() ? { slug: values.slug.trim() } : {}),
      headerAssetId: values.header?.id ?? null,
      publishAt: publishAt === 'invalid' ? null : publishAt,
      translation: locale === 'en' && values.english ? values.en : values.de,
    };
  };

  const hasErrors = Object.keys(errors).length > 0;
  const status = article ? shownStatus(article) : 'draft';
  return (
    <section aria-labelledby="news-form-title" className="flex flex-col gap-4">
      <Link
        to={href('news')}
        className="inline-flex items-center gap-2 self-start text-neon-cyan-soft"
      >
        <ArrowLeft aria-hidden="true" size={18} />
        {t('admin-news.back')}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="news-form-title" className="font-display text-2xl font-bold text-ink">
          {article ? t('admin-news.editTitle') : t('admin-news.createTitle')}
        </h2>
        <span
          className={cn(
            'rounded-full border px-2.5 py-0.5 text-xs font-bold tracking-wide uppercase',
            statusClasses[status],
          )}
        >
          {t(`admin-news.status.${status}`)}
        </span>
      </div>
      <Card>
        <CardBody>
          <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-5">
            {hasErrors && (
              <p role="alert" className="font-semibold text-danger">
                {t('admin.fieldsInvalid')}
              </p>
            )}
            <div className="grid gap-4 md:grid-cols-2">
              <TextField
                label={t('admin-news.fields.slug')}
                hint={t('admin-news.hints.slug')}
                value={values.slug}
                error={error('slug')}
                autoComplete="off"
                onChange={(e) => set({ slug: e.target.value })}
              />
              <TextField
                type="datetime-local"
                label={t('admin-news.fields.publishAt')}
                hint={t('admin-news.hints.publishAt')}
                value={values.publishAt}
                error={error('publishAt')}
                onChange={(e) => set({ publishAt: e.target.value })}
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
              onValueChange={setTab}
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
                      <p className="-mt-2 text-sm text-ink-muted">
                        {t('admin-news.hints.english')}
                      </p>
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
            <div className="flex flex-wrap items-center justify-end gap-3">
              {article && (
                <NewsActions article={article} save={save} publishAt={values.publishAt} />
              )}
              <Button type="submit" disabled={busy}>
                {busy ? t('admin.saving') : t('admin.save')}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
    </section>
  );
}
