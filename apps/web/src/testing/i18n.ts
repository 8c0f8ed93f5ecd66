/** Test support: an i18next instance holding the app's real merged strings (every feature's i18n folder). */
import path from 'node:path';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { mergeTranslations } from '../../build/i18n-plugin';

const srcDir = path.resolve(import.meta.dirname, '..');

/**
 * Keys looked up in a test that no language has (setup.ts fails the test with them): the app
 * shows a missing key as itself, so a key built wrongly is text a player sees.
 */
const missingKeys = new Set<string>();

export function takeMissingKeys(): string[] {
  const found = [...missingKeys];
  missingKeys.clear();
  return found;
}

export async function createTestI18n(lng: 'de' | 'en' = 'de'): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    saveMissing: true,
    // A lookup with a defaultValue (an audit entry's unknown action shows its id) is meant.
    missingKeyHandler: (_languages, _namespace, key, _fallback, _update, options) => {
      if ((options as { defaultValue?: unknown } | undefined)?.defaultValue === undefined)
        missingKeys.add(key);
    },
    resources: {
      de: { translation: mergeTranslations(srcDir, 'de') },
      en: { translation: mergeTranslations(srcDir, 'en') },
    },
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}
