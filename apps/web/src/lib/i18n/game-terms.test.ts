import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeTranslations } from '../../../build/i18n-plugin';

const srcDir = path.resolve(import.meta.dirname, '../..');

/** Every text whose key is `name` (at any depth), with its path. */
function textsNamed(tree: unknown, name: string, at = ''): Array<[string, string]> {
  if (typeof tree !== 'object' || tree === null) return [];
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? key === name
        ? [[`${at}${key}`, value] as [string, string]]
        : []
      : textsNamed(value, name, `${at}${key}.`),
  );
}

// A player reads kills and deaths on game cards, statistics, match pages, claims and the console:
// one word for each in each language (the walk found "Deaths" on the profile, "Tode" on the match).
describe('the game terms', () => {
  it.each([
    ['de', 'Kills', 'Deaths'],
    ['en', 'Kills', 'Deaths'],
  ])('are the same on every page (%s)', (lang, kills, deaths) => {
    const texts = mergeTranslations(srcDir, lang);
    const killTexts = textsNamed(texts, 'kills');
    const deathTexts = textsNamed(texts, 'deaths');
    expect(killTexts.length).toBeGreaterThan(2);
    expect(deathTexts.length).toBeGreaterThan(2);
    for (const [key, text] of killTexts) expect(text, key).toBe(kills);
    for (const [key, text] of deathTexts) expect(text, key).toBe(deaths);
  });
});
