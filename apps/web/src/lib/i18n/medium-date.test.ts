import { describe, expect, it } from 'vitest';
import { formatMediumDate, formatMediumDateTime } from './medium-date';
import { moments } from '../../testing/moments';

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

describe("formatMediumDateTime: the app's one date-and-time style (game cards, notifications)", () => {
  it('writes the medium date with the short time: month first in English, day first in German', () => {
    const date = new Date(2026, 10, 30, 23, 28);
    expect(formatMediumDateTime(date, 'en')).toBe('Nov 30, 2026, 11:28 PM');
    expect(formatMediumDateTime(date, 'de')).toBe('30.11.2026, 23:28');
    const morning = new Date(2026, 0, 5, 9, 5);
    expect(formatMediumDateTime(morning, 'en')).toBe('Jan 5, 2026, 9:05 AM');
    expect(formatMediumDateTime(morning, 'de')).toBe('05.01.2026, 09:05');
  });

  it("is Intl's dateStyle medium with timeStyle short, local and UTC", () => {
    for (const lang of ['de', 'en'] as const)
      for (const date of moments()) {
        const styles = { dateStyle: 'medium', timeStyle: 'short' } as const;
        expect(formatMediumDateTime(date, lang)).toBe(
          new Intl.DateTimeFormat(lang, styles).format(date),
        );
        expect(formatMediumDateTime(date, lang, true)).toBe(
          new Intl.DateTimeFormat(lang, { ...styles, timeZone: 'UTC' }).format(date),
        );
      }
  });
});
