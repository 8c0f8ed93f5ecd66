import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeTranslations } from '../../../build/i18n-plugin';

const srcDir = path.resolve(import.meta.dirname, '../..');

/** Every leaf key of a nested strings object, dotted. */
function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value))
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

describe('the merged translation files', () => {
  const de = mergeTranslations(srcDir, 'de');
  const en = mergeTranslations(srcDir, 'en');

  it('German and English have the same keys', () => {
    const deKeys = new Set(keys(de));
    const enKeys = new Set(keys(en));
    expect(
      [...deKeys].filter((k) => !enKeys.has(k)),
      'missing in en',
    ).toEqual([]);
    expect(
      [...enKeys].filter((k) => !deKeys.has(k)),
      'missing in de',
    ).toEqual([]);
  });

  it('no string is empty', () => {
    const empty = (strings: unknown) =>
      keys(strings).filter((k) => {
        const v = k
          .split('.')
          .reduce<unknown>((o, part) => (o as Record<string, unknown>)?.[part], strings);
        return typeof v === 'string' && v.trim() === '';
      });
    expect(empty(de)).toEqual([]);
    expect(empty(en)).toEqual([]);
  });

  it('the shell’s German labels are the spec’s', () => {
    const app = de.app as { nav: Record<string, string> };
    expect(app.nav).toMatchObject({
      games: 'Spiele',
      leaderboard: 'Rangliste',
      settings: 'Settings',
      login: 'Login',
      logout: 'Logout',
    });
    expect((de.search as Record<string, string>).results).toBe('Suchergebnis:');
    expect((de.news as Record<string, string>).readMore).toBe('Weiter lesen ...');
    expect(de.settings).toMatchObject({
      deleteSucceeded: 'Success',
      deleteFailed: 'Failed to delete Profile, please contact us via mail or phone!',
    });
  });
});

describe('each feature’s translation files', () => {
  /** Every folder under src holding translations (an `i18n` folder with a de or en file). */
  const folders = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (!entry.isDirectory()) return [];
      const full = path.join(dir, entry.name);
      const strings =
        entry.name === 'i18n' &&
        ['de.json', 'en.json'].some((f) => fs.existsSync(path.join(full, f)));
      return strings ? [full] : folders(full);
    });
  const read = (folder: string, lang: string): unknown =>
    JSON.parse(fs.readFileSync(path.join(folder, `${lang}.json`), 'utf8'));

  it.each(folders(srcDir).map((f) => path.relative(srcDir, f)))(
    '%s: de.json and en.json have the same keys',
    (folder) => {
      const full = path.join(srcDir, folder);
      const de = new Set(keys(read(full, 'de')));
      const en = new Set(keys(read(full, 'en')));
      expect(
        [...de].filter((k) => !en.has(k)),
        `${folder}: missing in en`,
      ).toEqual([]);
      expect(
        [...en].filter((k) => !de.has(k)),
        `${folder}: missing in de`,
      ).toEqual([]);
    },
  );
});
