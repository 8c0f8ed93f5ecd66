/** Test support: an i18next instance holding the app's real merged strings (every feature's i18n folder). */
import path from 'node:path';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { mergeTranslations } from '../../build/i18n-plugin';

const srcDir = path.resolve(import.meta.dirname, '..');

export async function createTestI18n(lng: 'de' | 'en' = 'de'): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng,
    fallbackLng: false,
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
