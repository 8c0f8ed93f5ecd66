/** The language list is a local constant (spec §7). */
export const LANGUAGES = [
  { id: 'de', name: 'Deutsch' },
  { id: 'en', name: 'Englisch' },
] as const;
export type LanguageId = (typeof LANGUAGES)[number]['id'];

export const DEFAULT_LANGUAGE: LanguageId = 'de';
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is LanguageId {
  return LANGUAGES.some((l) => l.id === value);
}

/** Stored choice, else the browser's language when we have it, else German. */
export function initialLanguage(
  stored: string | null,
  browserLanguages: readonly string[],
): LanguageId {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
