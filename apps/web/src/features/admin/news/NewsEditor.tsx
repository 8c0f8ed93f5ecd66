import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { newsArticleInputSchema, type AdminNewsArticle } from '@arcadia/contracts';
import {
  Card,
  CardBody,
  cn,
  EmptyState,
  ErrorState,
  PageSpinner,
  toast,
} from '../../../components/ui';
import { toFailure } from '../../../lib/api/failure';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { useConsole } from '../shell/console-context';
import { failureMessage } from '../shell/failure-message';
import { useConsoleFormat } from '../shell/format';
import { focusFirstInvalid } from '../shell/form-errors';
import { UnsavedChangesGuard } from '../shell/UnsavedChangesGuard';
import { useGetNewsArticleQuery } from './api/get-news-article';
import {
  useCreateNewsArticleMutation,
  useUpdateNewsArticleMutation,
} from './api/save-news-article';
import { NewsActions, type Saving } from './NewsActions';
import { NewsFields } from './NewsFields';
import {
  FORM,
  NEWS_REFUSALS,
  newsFormErrors,
  SLUG_TAKEN,
  tabWithErrors,
  withoutEdited,
  type NewsFormErrors,
} from './news-form-errors';
import { afterSave, blank, bodyOf, sameValues, valuesOf, type Values } from './news-form-values';
import { shownStatus, statusClasses } from './news-status';

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
  // Keyed by the article only: taking it down (a new status, a new updatedAt) keeps the text
  // being written; a save puts the stored values into the form itself.
  return <NewsForm key={data.id} article={data} />;
}

function NewsForm({ article }: { article?: AdminNewsArticle }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { href } = useConsole();
  const format = useConsoleFormat();
  const [values, setValues] = useState<Values>(article ? valuesOf(article) : blank);
  const [errors, setErrors] = useState<NewsFormErrors>({});
  const [tab, setTab] = useState('de');
  const [saving, setSaving] = useState<Saving>(null);
  // Publishing without an English version asks first: English players would read it in German.
  const [askEnglish, setAskEnglish] = useState(false);
  // Bumped by each refused save: the focus then moves to the first field to fix, once the tab
  // holding it shows its fields (Radix mounts a tab's panel a render after it is picked).
  const [refusals, setRefusals] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusals === 0) return undefined;
    const timer = setTimeout(() => focusFirstInvalid(form.current));
    return () => clearTimeout(timer);
  }, [refusals]);
  // The unsaved-changes check compares what the form holds with what was stored last, and is
  // off once the editor leaves on its own (to a new article's page, to the list after a delete).
  const stored = useRef(values);
  const latest = useRef(values);
  const leaving = useRef(false);
  useEffect(() => {
    latest.current = values;
  }, [values]);
  const unsaved = () => !leaving.current && !sameValues(latest.current, stored.current);

  const [create] = useCreateNewsArticleMutation();
  const [update] = useUpdateNewsArticleMutation();
  const set = (change: Partial<Values>) => {
    setValues((v) => ({ ...v, ...change }));
    setErrors((current) => withoutEdited(current, values, change));
  };
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

  /**
   * Saves (creates or replaces), with `publish` publishing in the same call: the server does
   * both in one transaction, so a refusal leaves the article as it was (no new draft).
   */
  const save = async (publish: boolean) => {
    const checked = newsArticleInputSchema.safeParse({ ...bodyOf(values), publish });
    if (!checked.success) return refuse(newsFormErrors(checked.error.issues, values));
    const sent = values;
    setSaving(publish ? 'publish' : 'save');
    const result = article
      ? await update({ id: article.id, article: checked.data })
      : await create(checked.data);
    setSaving(null);
    if ('error' in result) {
      const failure = toFailure(result.error);
      // A 400 names fields (or nothing): shown at them in the console's words, never the
      // server's text; a 409 is a taken slug, unless the news are edited in Contentful.
      if (failure.status === 409 && failure.code !== 'news_in_contentful') refuse(SLUG_TAKEN);
      else if (failure.status === 400) refuse(newsFormErrors(failure.details ?? [], sent));
      else toast({ variant: 'error', title: failureMessage(failure, t, NEWS_REFUSALS) });
      return undefined;
    }
    setErrors({});
    const saved = result.data;
    const title = saved.titles.de;
    toast({
      variant: 'success',
      title: !publish
        ? t('admin-news.saved', { title })
        : saved.live
          ? t('admin-news.published', { title })
          : t('admin-news.scheduled', {
              title,
              date: saved.publishAt ? format.dateTime(saved.publishAt) : '',
            }),
    });
    if (!article) {
      leaving.current = true;
      return navigate(href(`news/${saved.id}`), { replace: true });
    }
    // The stored article (its date, if publishing gave it one) is what the form holds now,
    // but for what was changed while the save was on its way: that stays, unsaved.
    const savedValues = valuesOf(saved);
    stored.current = savedValues;
    setValues((current) => afterSave(current, sent, savedValues));
    return undefined;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(false);
  };

  /**
   * Veröffentlichen: without an English version the article (title, abstract, text) and its
   * "New article" notification reach English players in German, so the editor asks first.
   */
  const onPublish = () => {
    // The form is checked first: an article that cannot be published is not asked about English.
    const checked = newsArticleInputSchema.safeParse({ ...bodyOf(values), publish: true });
    if (!checked.success) refuse(newsFormErrors(checked.error.issues, values));
    else if (values.english) void save(true);
    else setAskEnglish(true);
  };

  const onDeleted = () => {
    leaving.current = true;
    void navigate(href('news'));
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
          <form ref={form} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
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
            <NewsFields values={values} set={set} error={error} tab={tab} onTabChange={setTab} />
            <div className="flex flex-wrap items-center justify-end gap-3">
              <NewsActions
                article={article}
                saving={saving}
                onPublish={onPublish}
                onDeleted={onDeleted}
              />
            </div>
          </form>
        </CardBody>
      </Card>
      <ConfirmDialog
        open={askEnglish}
        onOpenChange={setAskEnglish}
        // "Englisch ergänzen": on to the English tab to write it. Escape only closes the question.
        onCancel={() => setTab('en')}
        title={t('admin-news.noEnglishTitle')}
        description={t('admin-news.noEnglishText')}
        confirmLabel={t('admin-news.noEnglishPublish')}
        cancelLabel={t('admin-news.noEnglishAdd')}
        onConfirm={() => {
          setAskEnglish(false);
          void save(true);
        }}
      />
      <UnsavedChangesGuard unsaved={unsaved} />
    </section>
  );
}
