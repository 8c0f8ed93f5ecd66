import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { mergeTranslations } from '../../../build/i18n-plugin';
import { handlers, server } from '../../testing/api';
import { changeLanguage, initI18n, initialLanguage, translate } from './index';

const srcDir = path.resolve(import.meta.dirname, '../..');

describe('initialLanguage (spec §4: stored, else the browser language, else German)', () => {
  it('a stored choice wins', () => {
    expect(initialLanguage('en', ['de-DE'])).toBe('en');
  });
  it('else the first supported browser language', () => {
    expect(initialLanguage(null, ['fr-FR', 'en-GB', 'de'])).toBe('en');
  });
  it('else German', () => {
    expect(initialLanguage(null, ['fr', 'it'])).toBe('de');
    expect(initialLanguage('xx', [])).toBe('de');
  });
});

describe('i18n over /assets/i18n/{lang}.json', () => {
  beforeEach(() => {
    localStorage.clear();
    server.use(
      handlers.getLanguageFile(({ params }) => {
        const lang = /^(de|en)\.json$/.exec(params.file ?? '')?.[1];
        if (!lang) return { status: 404, body: {} };
        return { body: mergeTranslations(srcDir, lang) };
      }),
    );
  });

  it('German by default; a lookup needs a key; a missing translation shows the key', async () => {
    Object.defineProperty(navigator, 'languages', { value: ['fr-FR'], configurable: true });
    const i18n = await initI18n();
    expect(i18n.language).toBe('de');
    expect(translate('news.readMore')).toBe('Weiter lesen ...');
    expect(translate('nope.missing')).toBe('nope.missing');
    expect(() => translate('')).toThrow('Parameter "key" required');
  });

  it('takes the language chosen on the sign-in pages over the stored one, once', async () => {
    Object.defineProperty(navigator, 'languages', { value: ['de-DE'], configurable: true });
    localStorage.setItem('language', 'de');
    document.cookie = 'arcadia_lang_chosen=en; path=/';
    const i18n = await initI18n();
    expect(i18n.language).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.cookie).not.toContain('arcadia_lang_chosen');
    // Afterwards the stored choice counts again.
    localStorage.setItem('language', 'de');
    expect((await initI18n()).language).toBe('de');
  });

  it('switching loads the language and keeps it under the language key', async () => {
    Object.defineProperty(navigator, 'languages', { value: ['de-DE'], configurable: true });
    await initI18n();
    await changeLanguage('en');
    expect(translate('news.readMore')).toBe('Read more ...');
    expect(localStorage.getItem('language')).toBe('en');
    // and tells the server, which sends the page's strings in it with the HTML
    expect(document.cookie).toContain('arcadia_app_lang=en');
    await changeLanguage('de');
    expect(localStorage.getItem('language')).toBe('de');
    expect(document.cookie).toContain('arcadia_app_lang=de');
  });
});
