import { describe, expect, it } from 'vitest';
import { shortenFileName } from './file-name';

describe('shortenFileName (spec §9)', () => {
  it('keeps names of up to 20 characters', () => {
    expect(shortenFileName('card.png')).toBe('card.png');
    expect('twenty-chars-123.png').toHaveLength(20);
    expect(shortenFileName('twenty-chars-123.png')).toBe('twenty-chars-123.png');
    expect(shortenFileName('a'.repeat(20))).toBe('a'.repeat(20));
  });

  it('shows a longer name as its first 8 and last 8 characters', () => {
    expect(shortenFileName('a'.repeat(21))).toBe('aaaaaaaa...aaaaaaaa');
    expect(shortenFileName('IMG_20260405_183012_user-card.png')).toBe('IMG_2026...card.png');
  });

  it('counts characters, not UTF-16 units', () => {
    const name = '🎮'.repeat(10) + 'x'.repeat(11);
    expect(shortenFileName(name)).toBe('🎮'.repeat(8) + '...' + 'x'.repeat(8));
    expect(shortenFileName('🎮'.repeat(20))).toBe('🎮'.repeat(20));
  });
});
