import { describe, expect, it } from 'vitest';
import * as limits from './limits';

describe('business constants (spec §6, §9)', () => {
  it('match the spec', () => {
    expect(limits.USERNAME_MIN).toBe(3);
    expect(limits.USERNAME_MAX).toBe(12);
    expect(limits.SEARCH_MIN_LENGTH).toBe(3);
    expect(limits.SEARCH_DEBOUNCE_MS).toBe(1000);
    expect(limits.TOKEN_LEEWAY_SECONDS).toBe(60);
    expect(limits.HTTP_TIMEOUT_MS).toBe(10_000);
  });

  it('bound what the spec leaves open', () => {
    expect(limits.SEARCH_RESULT_LIMIT).toBe(20);
    expect(limits.MAIL_MAX).toBe(254);
    expect(limits.MATCH_HISTORY_PAGE_SIZE).toBeLessThanOrEqual(limits.MATCH_HISTORY_PAGE_MAX);
  });

  it('name the scopes the client requests', () => {
    expect([...limits.API_SCOPES].sort()).toEqual(
      ['read:arcade', 'read:games', 'read:users', 'read:visits'].sort(),
    );
  });

  it('a visible name: no direction controls, something to see, emoji sequences allowed', () => {
    const visible = (name: string) => limits.VISIBLE_NAME.test(name);
    for (const name of ['Gast 1', 'Team Rot', '👩‍🚀 Ada', 'Zoë', 'Zoe\u0308', 'जय', 'جميل'])
      expect(visible(name)).toBe(true);
    for (const name of [
      '\u202eknatKemiDeliA',
      'Ann\u2066a',
      '\u200b\u200b',
      '\u3164',
      ' \u00ad ',
      '\u2800\u2800',
      '\u0301\u0308',
      '',
    ])
      expect(visible(name)).toBe(false);
  });
});
