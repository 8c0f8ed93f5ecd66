import { describe, expect, it } from 'vitest';
import { newsArticleInputSchema } from '@arcadia/contracts';
import { FORM, newsFormErrors, tabWithErrors, withoutEdited } from './news-form-errors';
import { blank } from './news-form-values';

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

  it('asks for a slug when the form has none, and names the characters when it has one', () => {
    const issues = [{ path: 'slug', message: 'x' }];
    expect(newsFormErrors(issues, { slug: '' })).toEqual({ slug: 'slugRequired' });
    expect(newsFormErrors(issues, { slug: '  ' })).toEqual({ slug: 'slugRequired' });
    expect(newsFormErrors(issues, { slug: 'Kein Slug' })).toEqual({ slug: 'slug' });
    expect(newsFormErrors(issues)).toEqual({ slug: 'slug' });
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

describe('withoutEdited', () => {
  const errors = {
    slug: 'slug',
    headerAssetId: 'headerAssetId',
    'translations.de.title': 'title',
    'translations.en.abstract': 'abstract',
    'translations.en.markdown': 'markdown',
  };

  it("drops the edited field's error only, a text's by the part that changed", () => {
    const { slug: _slug, ...rest } = errors;
    expect(withoutEdited(errors, blank, { slug: 'neu' })).toEqual(rest);
    const { 'translations.de.title': _title, ...others } = errors;
    expect(withoutEdited(errors, blank, { de: { ...blank.de, title: 'Neu' } })).toEqual(others);
    // The same value again (a re-render, a tab picked) changes nothing.
    expect(withoutEdited(errors, blank, { slug: '', de: blank.de })).toBe(errors);
  });

  it('drops the English errors when the English version is switched off, the image when it changes', () => {
    expect(
      withoutEdited(errors, { ...blank, english: true }, { english: false, header: null }),
    ).toEqual({ slug: 'slug', headerAssetId: 'headerAssetId', 'translations.de.title': 'title' });
    expect(withoutEdited(errors, blank, { header: { id: 'x', url: '/x.png' } })).not.toHaveProperty(
      'headerAssetId',
    );
  });

  it("drops the form's message with the last field's error", () => {
    expect(withoutEdited({ slug: 'slug', [FORM]: 'request' }, blank, { slug: 'a' })).toEqual({});
    expect(withoutEdited({ [FORM]: 'request' }, blank, { slug: 'a' })).toEqual({});
    expect(
      withoutEdited({ slug: 'slug', publishAt: 'publishAt', [FORM]: 'request' }, blank, {
        slug: 'a',
      }),
    ).toEqual({ publishAt: 'publishAt', [FORM]: 'request' });
  });
});
