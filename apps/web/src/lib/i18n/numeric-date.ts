/**
 * Short numeric dates and times as Intl writes them in German and English, without Intl: the
 * first `Intl.DateTimeFormat` of a page loads ICU's pattern data, about 35 ms of main thread
 * (140 ms on a throttled phone) in the task that draws the profile's statistics and charts.
 * numeric-date.test.ts checks every function against Intl's own options.
 */
type Lang = 'de' | 'en';

const two = (n: number) => String(n).padStart(2, '0');

interface Parts {
  year: number;
  month: number;
  day: number;
}

const partsOf = (date: Date, utc: boolean): Parts =>
  utc
    ? { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }
    : { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };

/** Intl's `{ day, month, year: '2-digit' }`: "05.01.26" (de) / "01/05/26" (en). */
export function formatTwoDigitDate(date: Date, lang: Lang, utc = false): string {
  const { year, month, day } = partsOf(date, utc);
  const yy = two(year % 100);
  return lang === 'de' ? `${two(day)}.${two(month)}.${yy}` : `${two(month)}/${two(day)}/${yy}`;
}

/** Intl's `{ day: '2-digit', month: '2-digit' }`: "05.01." (de) / "01/05" (en). */
export function formatDayMonth(date: Date, lang: Lang): string {
  const { month, day } = partsOf(date, false);
  return lang === 'de' ? `${two(day)}.${two(month)}.` : `${two(month)}/${two(day)}`;
}

/** Intl's `{ hour: 'numeric', hour12: true }` in English: "12 AM", "9 AM", "6 PM". */
export function formatEnglishHour(hour: number): string {
  return `${hour % 12 || 12} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * Intl's `{ dateStyle: 'short', timeStyle: 'short' }`: "05.01.26, 09:05" / "1/5/26, 9:05 AM";
 * `utc` reads the date's UTC fields (a venue's wall clock, lib/i18n/venue-time.ts).
 */
export function formatShortDateTime(date: Date, lang: Lang, utc = false): string {
  const { year, month, day } = partsOf(date, utc);
  const hour = utc ? date.getUTCHours() : date.getHours();
  const minute = two(utc ? date.getUTCMinutes() : date.getMinutes());
  if (lang === 'de') return `${two(day)}.${two(month)}.${two(year % 100)}, ${two(hour)}:${minute}`;
  const clock = `${hour % 12 || 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
  return `${month}/${day}/${two(year % 100)}, ${clock}`;
}
