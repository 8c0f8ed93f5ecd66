import i18next, { type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localStore } from '../storage/local';
import {
  DEFAULT_LANGUAGE,
  initialLanguage,
  LANGUAGE_STORAGE_KEY,
  type LanguageId,
} from './languages';

export * from './languages';

/** The cookie holding the player's language for the server (plugins/web.ts reads it). */
export const APP_LANGUAGE_COOKIE = 'arcadia_app_lang';

/** Loads `/assets/i18n/{lang}.json` (merged from every feature's i18n folder at build time). */
async function loadLanguage(lang: LanguageId): Promise<Record<string, unknown>> {
  const res = await fetch(`/assets/i18n/${lang}.json`);
  if (!res.ok) throw new Error(`Could not load /assets/i18n/${lang}.json (${res.status})`);
  return (await res.json()) as Record<string, unknown>;
}

/** Set by the sign-in pages when the player switched language there (one hour, read once). */
export const SIGN_IN_LANGUAGE_COOKIE = 'arcadia_lang_chosen';

/**
 * The language the player switched to on the sign-in pages, if they did since the app last
 * started: it wins over the one the app stored before the sign-in, once (the cookie is cleared).
 */
function takeSignInLanguage(): string | null {
  const chosen =
    new RegExp(`(?:^|;\\s*)${SIGN_IN_LANGUAGE_COOKIE}=(de|en)(?:;|$)`).exec(document.cookie)?.[1] ??
    null;
  if (chosen) document.cookie = `${SIGN_IN_LANGUAGE_COOKIE}=; path=/; max-age=0; samesite=lax`;
  return chosen;
}

export async function initI18n(): Promise<typeof i18next> {
  const lang = initialLanguage(
    takeSignInLanguage() ?? localStore.get(LANGUAGE_STORAGE_KEY),
    navigator.languages ?? [navigator.language],
  );
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: {},
    interpolation: { escapeValue: false },
    // A missing key shows the key itself.
    returnNull: false,
    react: { useSuspense: false },
  });
  await changeLanguage(lang);
  return i18next;
}

/** Loads the language's strings and switches; on a load error the current language stays. */
export async function changeLanguage(lang: LanguageId): Promise<void> {
  if (!i18next.hasResourceBundle(lang, 'translation')) {
    try {
      i18next.addResourceBundle(lang, 'translation', await loadLanguage(lang), true, true);
    } catch (error) {
      if (
        lang !== DEFAULT_LANGUAGE &&
        !i18next.hasResourceBundle(DEFAULT_LANGUAGE, 'translation')
      ) {
        i18next.addResourceBundle(
          DEFAULT_LANGUAGE,
          'translation',
          await loadLanguage(DEFAULT_LANGUAGE),
          true,
          true,
        );
      }
      throw error;
    }
  }
  await i18next.changeLanguage(lang);
  localStore.set(LANGUAGE_STORAGE_KEY, lang);
  // The server reads it to send a page's strings and news in this language with the HTML
  // (apps/server/src/plugins/web.ts, APP_LANGUAGE_COOKIE); Accept-Language says only the browser's.
  document.cookie = `${APP_LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
  document.documentElement.lang = lang;
}

/** A lookup needs a non-empty key (spec §5); a missing translation shows the key. */
export function translate(key: string, options: TOptions = {}): string {
  if (!key) throw new Error('Parameter "key" required');
  return i18next.t(key, options);
}
