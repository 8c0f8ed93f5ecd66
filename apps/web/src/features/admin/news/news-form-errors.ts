import type { FieldIssue } from '@arcadia/contracts';
import type { KnownRefusals } from '../shell/failure-message';
import { fieldErrors } from '../shell/form-errors';
import type { Values } from './news-form-values';

/**
 * What a refused article save shows: where (a field's path on the form, or FORM) → which message
 * (its key under `admin-news.invalid.`). The server's own words (English, for developers) are
 * never shown.
 */
export type NewsFormErrors = Record<string, string>;

/** The place of errors that name no field of the form (`request`, `translations`, unknown). */
export const FORM = 'form';

/** The 409 of a save (other than news_in_contentful): another article has the slug. */
export const SLUG_TAKEN: NewsFormErrors = { slug: 'exists' };

/** The news' own messages for the other refusals of its routes (shell/failure-message.ts). */
export const NEWS_REFUSALS: KnownRefusals = {
  news_in_contentful: 'admin-news.contentful',
  404: 'admin-news.gone',
};

const FIELDS = new Set(['slug', 'publishAt', 'headerAssetId']);
const LOCALES = new Set(['de', 'en']);
const TEXT_PARTS = new Set(['title', 'abstract', 'markdown']);

/** Where the form shows an issue with `path`, and the message key it shows there. */
function place(path: string): [where: string, key: string] {
  const [field, locale, part, ...deeper] = path.split('.');
  if (field !== undefined && FIELDS.has(field)) return [field, field];
  if (
    field === 'translations' &&
    locale !== undefined &&
    LOCALES.has(locale) &&
    part !== undefined &&
    TEXT_PARTS.has(part) &&
    deeper.length === 0
  )
    return [`translations.${locale}.${part}`, part];
  // A language as a whole, or a path the form does not have: said once for the form.
  return [FORM, 'request'];
}

/**
 * The issues of a contract check (zod's) or of a 400's details placed on the form; a 400 that
 * names nothing is said once for the whole form. With the form's `values`, an empty slug asks
 * for one (`slugRequired`) instead of naming the characters a slug may have.
 */
export function newsFormErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> } | FieldIssue>,
  values?: Pick<Values, 'slug'>,
): NewsFormErrors {
  const errors: NewsFormErrors = {};
  for (const path of Object.keys(fieldErrors(issues))) {
    const [where, key] = place(path);
    errors[where] ??= key;
  }
  if (errors.slug === 'slug' && values?.slug.trim() === '') errors.slug = 'slugRequired';
  return Object.keys(errors).length > 0 ? errors : { [FORM]: 'request' };
}

/**
 * The language tab to show after a refusal: the open one when it holds an error (or none does),
 * else the first that does, so no error stays hidden in a closed tab when it can be helped.
 */
export function tabWithErrors(errors: NewsFormErrors, open: string): string {
  const holds = (locale: string) =>
    Object.keys(errors).some((path) => path.startsWith(`translations.${locale}.`));
  if (holds(open)) return open;
  return ['de', 'en'].find(holds) ?? open;
}

/**
 * The errors left once the form's values take `change` (from `before`): a field's error goes
 * as soon as it is edited (a text's by its part; the English ones when the English version is
 * switched off), as in the arcade editor, and the form's own message (FORM) with the last of
 * them: once an edit leaves no field marked, nothing of the refused save is said any more.
 */
export function withoutEdited(
  errors: NewsFormErrors,
  before: Values,
  change: Partial<Values>,
): NewsFormErrors {
  const edited = new Set<string>();
  if (change.slug !== undefined && change.slug !== before.slug) edited.add('slug');
  if (change.publishAt !== undefined && change.publishAt !== before.publishAt)
    edited.add('publishAt');
  if (change.header !== undefined && change.header?.id !== before.header?.id)
    edited.add('headerAssetId');
  for (const locale of ['de', 'en'] as const) {
    const text = change[locale];
    for (const part of ['title', 'abstract', 'markdown'] as const)
      if (
        (text !== undefined && text[part] !== before[locale][part]) ||
        (locale === 'en' && change.english === false)
      )
        edited.add(`translations.${locale}.${part}`);
  }
  if (edited.size === 0) return errors;
  const left = Object.entries(errors).filter(([path]) => !edited.has(path));
  return left.some(([path]) => path !== FORM) ? Object.fromEntries(left) : {};
}
