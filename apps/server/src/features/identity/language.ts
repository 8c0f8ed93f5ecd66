import type { Language } from './views/strings';

export const LANGUAGE_COOKIE = 'arcadia_lang';
const LANGUAGES: readonly Language[] = ['de', 'en'];

const pick = (value: string | undefined | null): Language | undefined => {
  const primary = value?.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((l) => l === primary);
};

/** The first supported language of an Accept-Language header, by its q weights. */
function fromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = pick(tag);
    if (language) return language;
  }
  return undefined;
}

export interface LanguageSources {
  /** ?lang= on this request: an explicit switch. */
  query?: string | undefined;
  /** The cookie a previous switch left. */
  cookie?: string | undefined;
  /** ui_locales of the authorization request (the app's own language). */
  uiLocales?: string | undefined;
  acceptLanguage?: string | undefined;
}

/** German unless the person asked for English in one of the ways below, in this order. */
export function negotiateLanguage(s: LanguageSources): Language {
  return (
    pick(s.query) ??
    pick(s.cookie) ??
    s.uiLocales?.split(' ').map(pick).find(Boolean) ??
    fromAcceptLanguage(s.acceptLanguage) ??
    'de'
  );
}

/** The same URL with ?lang= set to the other language (path and other parameters kept). */
export function switchLanguageHref(url: string, current: Language): string {
  const parsed = new URL(url, 'http://x');
  parsed.searchParams.set('lang', current === 'de' ? 'en' : 'de');
  return `${parsed.pathname}${parsed.search}`;
}
