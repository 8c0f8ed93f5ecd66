import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeTranslations } from '../../../../build/i18n-plugin';

const srcDir = path.resolve(import.meta.dirname, '../../..');

interface Texts {
  settings: { visibilityHint: Record<'everyone' | 'friends' | 'private', string> };
  match: { hiddenPlayer: string };
  profile: { games: { hiddenPlayer: string } };
}

// The visibility hints promise the name others see in games: it must be the one the match page
// and the game cards show (and the share image: server games/share/image.ts).
describe('the visibility hints', () => {
  it.each([
    ['de', '„', '“'],
    ['en', '“', '”'],
  ] as const)('name hidden players as the games show them (%s)', (lang, open, close) => {
    const texts = mergeTranslations(srcDir, lang) as unknown as Texts;
    const shown = texts.match.hiddenPlayer;
    expect(texts.profile.games.hiddenPlayer).toBe(shown);
    expect(texts.settings.visibilityHint.friends).toContain(`${open}${shown}${close}`);
    expect(texts.settings.visibilityHint.private).toContain(`${open}${shown}${close}`);
  });
});
