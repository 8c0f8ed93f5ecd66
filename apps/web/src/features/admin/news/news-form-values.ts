import type { AdminNewsArticle, NewsTranslationInput } from '@arcadia/contracts';
import type { HeaderImage } from './HeaderImageField';
import { fromVenueInput, toVenueInput } from '../shell/venue-input';

/** What the editor holds while an article is written. */
export interface Values {
  slug: string;
  /** The datetime-local input's value ('' = none). */
  publishAt: string;
  header: HeaderImage | null;
  de: NewsTranslationInput;
  en: NewsTranslationInput;
  english: boolean;
}

const emptyText: NewsTranslationInput = { title: '', abstract: '', markdown: '' };
export const blank: Values = {
  slug: '',
  publishAt: '',
  header: null,
  de: emptyText,
  en: emptyText,
  english: false,
};

/** The editor's values of a stored article. */
export function valuesOf(article: AdminNewsArticle): Values {
  return {
    slug: article.slug,
    publishAt: toVenueInput(article.publishAt),
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
export function bodyOf(values: Values) {
  return {
    slug: values.slug.trim(),
    headerAssetId: values.header?.id ?? null,
    publishAt: fromVenueInput(values.publishAt),
    translations: { de: values.de, en: values.english ? values.en : null },
  };
}

/** Whether two states of the editor hold the same article (the unsaved-changes check). */
export function sameValues(a: Values, b: Values): boolean {
  const text = (t: NewsTranslationInput) => [t.title, t.abstract, t.markdown];
  const held = (v: Values) =>
    JSON.stringify([v.slug, v.publishAt, v.header?.id ?? null, text(v.de), v.english, text(v.en)]);
  return held(a) === held(b);
}

/**
 * The form once a save is answered: the stored article's values (a date publishing gave it),
 * except where the form was changed while the save was on its way (`sent` is what it held when
 * the save started): what was typed meanwhile stays, not saved yet.
 */
export function afterSave(current: Values, sent: Values, stored: Values): Values {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const pick = <T>(now: T, then: T, saved: T): T => (same(now, then) ? saved : now);
  const text = (locale: 'de' | 'en'): NewsTranslationInput => ({
    title: pick(current[locale].title, sent[locale].title, stored[locale].title),
    abstract: pick(current[locale].abstract, sent[locale].abstract, stored[locale].abstract),
    markdown: pick(current[locale].markdown, sent[locale].markdown, stored[locale].markdown),
  });
  return {
    slug: pick(current.slug, sent.slug, stored.slug),
    publishAt: pick(current.publishAt, sent.publishAt, stored.publishAt),
    header: pick(current.header, sent.header, stored.header),
    de: text('de'),
    en: text('en'),
    english: pick(current.english, sent.english, stored.english),
  };
}
