import { describe, expect, it } from 'vitest';
import { formatMediumDate } from './medium-date';

describe('formatMediumDate', () => {
  it("writes German and English medium dates as Intl's dateStyle medium does, every month", () => {
    for (const language of ['de', 'en'])
      for (let month = 0; month < 12; month += 1)
        for (const day of [1, 9, 28]) {
          const date = new Date(2026, month, day, 18);
          const intl = new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
          expect(formatMediumDate(date, language)).toBe(intl);
        }
  });

  it('gives other languages to Intl', () => {
    const date = new Date(2026, 10, 26, 12);
    expect(formatMediumDate(date, 'fr')).toBe(
      new Intl.DateTimeFormat('fr', { dateStyle: 'medium' }).format(date),
    );
  });
});
