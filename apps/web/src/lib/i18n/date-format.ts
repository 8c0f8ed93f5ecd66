import { MONTH_NAMES } from '@arcadia/contracts/months';

/**
 * A long date as Intl writes it ("26. November 2026", "November 26, 2026"). German and English
 * are written here from the month names: the first `Intl.DateTimeFormat` with a long month loads
 * ICU's pattern data, about 35 ms of main thread (140 ms on a throttled phone) before the news
 * page's largest element can paint. Other languages go through one cached Intl formatter each.
 * date-format.test.ts checks both against Intl for every month.
 */
const MONTHS: Record<string, readonly string[] | undefined> = MONTH_NAMES;

const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatLongDate(date: Date, language: string): string {
  const month = MONTHS[language]?.[date.getMonth()];
  if (month && language === 'de') return `${date.getDate()}. ${month} ${date.getFullYear()}`;
  if (month && language === 'en') return `${month} ${date.getDate()}, ${date.getFullYear()}`;
  let format = formatters.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric' });
    formatters.set(language, format);
  }
  return format.format(date);
}
