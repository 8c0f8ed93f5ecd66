import { describe, expect, it } from 'vitest';
import { formatLongDate } from './date-format';

describe('formatLongDate', () => {
  it('writes German and English long dates as Intl does, every month', () => {
    for (const language of ['de', 'en'])
      for (let month = 0; month < 12; month += 1)
        for (const day of [1, 9, 28]) {
          const date = new Date(2026, month, day, 12);
          const intl = new Intl.DateTimeFormat(language, {
            day: 'numeric',
            month: 'long',
            year: 'numeric',
          }).format(date);
          expect(formatLongDate(date, language)).toBe(intl);
        }
  });

  it('gives other languages to Intl', () => {
    expect(formatLongDate(new Date(2026, 10, 26, 12), 'fr')).toBe('26 novembre 2026');
  });
});
