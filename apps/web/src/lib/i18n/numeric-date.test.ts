import { describe, expect, it } from 'vitest';
import {
  formatDayMonth,
  formatEnglishHour,
  formatShortDateTime,
  formatTwoDigitDate,
} from './numeric-date';
import { moments } from '../../testing/moments';

const LANGS = ['de', 'en'] as const;

describe('numeric dates without Intl', () => {
  it("writes two-digit dates as Intl's 2-digit day, month and year do, local and UTC", () => {
    for (const lang of LANGS)
      for (const date of moments()) {
        const local = { day: '2-digit', month: '2-digit', year: '2-digit' } as const;
        expect(formatTwoDigitDate(date, lang)).toBe(
          new Intl.DateTimeFormat(lang, local).format(date),
        );
        expect(formatTwoDigitDate(date, lang, true)).toBe(
          new Intl.DateTimeFormat(lang, { ...local, timeZone: 'UTC' }).format(date),
        );
      }
  });

  it("writes day and month as Intl's 2-digit day and month do", () => {
    for (const lang of LANGS)
      for (const date of moments())
        expect(formatDayMonth(date, lang)).toBe(
          new Intl.DateTimeFormat(lang, { day: '2-digit', month: '2-digit' }).format(date),
        );
  });

  it("writes a date with its time as Intl's short date and time styles do", () => {
    for (const lang of LANGS)
      for (const date of moments())
        expect(formatShortDateTime(date, lang)).toBe(
          new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short' }).format(date),
        );
  });

  it("writes every hour of the day as Intl's English 12-hour clock does", () => {
    for (let hour = 0; hour < 24; hour += 1)
      expect(formatEnglishHour(hour)).toBe(
        new Intl.DateTimeFormat('en', { hour: 'numeric', hour12: true }).format(
          new Date(2000, 0, 1, hour),
        ),
      );
  });
});
