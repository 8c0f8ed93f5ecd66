import { useEffect, useRef, useState, type FormEvent } from 'react';
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
import { focusFirstInvalid } from '../shell/form-errors';
import { useGetNewsArticleQuery } from './api/get-news-article';
import {
  useCreateNewsArticleMutation,
  useUpdateNewsArticleMutation,
} from './api/save-news-article';
import { HeaderImageField } from './HeaderImageField';
import { NewsActions } from './NewsActions';
import {
  FORM,
  NEWS_REFUSALS,
  newsFormErrors,
  SLUG_TAKEN,
  tabWithErrors,
  type NewsFormErrors,
} from './news-form-errors';
import { blank, bodyOf, valuesOf, type Values } from './news-form-values';
import { NewsPreview } from './NewsPreview';
import { fromLocalInput, shownStatus, statusClasses } from './news-status';
import { TranslationFields } from './TranslationFields';

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
  const [errors, setErrors] = useState<NewsFormErrors>({});
  const [tab, setTab] = useState('de');
  // Bumped by each refused save: the focus then moves to the first field to fix, once the tab
  // holding it shows its fields (Radix mounts a tab's panel a render after it is picked).
  const [refusals, setRefusals] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusals === 0) return undefined;
    const timer = setTimeout(() => focusFirstInvalid(form.current));
    return () => clearTimeout(timer);
  }, [refusals]);
  const [create, creating] = useCreateNewsArticleMutation();
  const [update, updating] = useUpdateNewsArticleMutation();
  const busy = creating.isLoading || updating.isLoading;
  const set = (change: Partial<Values>) => setValues((v) => ({ ...v, ...change }));
  const error = (path: string) => {
    const key = errors[path];
    return key === undefined ? undefined : t(`admin-news.invalid.${key}`);
  };
  /** Shows a refusal: the tab holding its fields is opened, the first field to fix focused. */
  const refuse = (found: NewsFormErrors) => {
    setErrors(found);
    setTab((open) => tabWithErrors(found, open));
    setRefusals((n) => n + 1);
  };
  const translationError = (locale: NewsLocale) => (field: keyof NewsTranslationInput) =>
    error(`translations.${locale}.${field}`);

  /** Saves (creates or replaces); answers the stored article, or undefined when it failed. */
  const save = async (): Promise<AdminNewsArticle | undefined> => {
    const checked = newsArticleInputSchema.safeParse(bodyOf(values));
    if (!checked.success) {
      refuse(newsFormErrors(checked.error.issues));
      return undefined;
    }
    const result = article
      ? await update({ id: article.id, article: checked.data })
      : await create(checked.data);
    if ('error' in result) {
      const failure = toFailure(result.error);
      // A 400 names fields (or nothing): shown at them in the console's words, never the
      // server's text; a 409 is a taken slug, unless the news are edited in Contentful.
      if (failure.status === 409 && failure.code !== 'news_in_contentful') refuse(SLUG_TAKEN);
      else if (failure.status === 400) refuse(newsFormErrors(failure.details ?? []));
      else toast({ variant: 'error', title: failureMessage(failure, t, NEWS_REFUSALS) });
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

  const fieldsInvalid = Object.keys(errors).some((path) => path !== FORM);
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
          <form
            ref={form}
            noValidate
            onSubmit={(e) => void onSubmit(e)}
            className="flex flex-col gap-5"
          >
            {fieldsInvalid && (
              <p role="alert" className="font-semibold text-danger">
                {t('admin.fieldsInvalid')}
              </p>
            )}
            {errors[FORM] && (
              <p role="alert" tabIndex={-1} data-form-error className="font-semibold text-danger">
                {error(FORM)}
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
