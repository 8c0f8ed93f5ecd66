import { describe, expect, it } from 'vitest';
import { newsArticleInputSchema } from '@arcadia/contracts';
import { FORM, newsFormErrors, tabWithErrors } from './news-form-errors';

describe('newsFormErrors', () => {
  it("places each issue on the form's field with its message key", () => {
    expect(
      newsFormErrors([
        { path: 'slug', message: 'x' },
        { path: 'publishAt', message: 'x' },
        { path: 'headerAssetId', message: 'x' },
        { path: 'translations.de.title', message: 'x' },
        { path: 'translations.en.markdown', message: 'x' },
      ]),
    ).toEqual({
      slug: 'slug',
      publishAt: 'publishAt',
      headerAssetId: 'headerAssetId',
      'translations.de.title': 'title',
      'translations.en.markdown': 'markdown',
    });
  });

  it('says what names no field once for the form, and a 400 without details too', () => {
    expect(
      newsFormErrors([
        { path: 'body', message: 'Unrecognized key' },
        { path: 'translations.en', message: 'x' },
        { path: 'translations.fr.title', message: 'x' },
        { path: 'request', message: 'x' },
      ]),
    ).toEqual({ [FORM]: 'request' });
    expect(newsFormErrors([])).toEqual({ [FORM]: 'request' });
  });

  it("reads the contract's own issues", () => {
    const checked = newsArticleInputSchema.safeParse({
      slug: 'Kein Slug',
      translations: { de: { title: '', abstract: 'ok', markdown: '' } },
    });
    expect(checked.success).toBe(false);
    expect(newsFormErrors(checked.error!.issues)).toEqual({
      slug: 'slug',
      'translations.de.title': 'title',
    });
  });
});

describe('tabWithErrors', () => {
  it('keeps the open tab when it holds an error, else opens the first that does', () => {
    const both = { 'translations.de.title': 'title', 'translations.en.title': 'title' };
    expect(tabWithErrors(both, 'en')).toBe('en');
    expect(tabWithErrors(both, 'preview')).toBe('de');
    expect(tabWithErrors({ 'translations.en.abstract': 'abstract' }, 'de')).toBe('en');
    expect(tabWithErrors({ slug: 'slug' }, 'preview')).toBe('preview');
  });
});
