/**
 * A medium date as Intl's `dateStyle: 'medium'` writes it ("14.03.2025", "Mar 14, 2025"), German
 * and English without Intl: the first `Intl.DateTimeFormat` loads ICU's pattern data, 56 ms of main
 * thread on a throttled phone while the profile's statistics render. Other languages through
 * Intl. Its own module (not date-format.ts): the news pages' chunks stay as they are.
 * medium-date.test.ts checks it against Intl for every month.
 *
 * The app's one style for a day and a moment: game cards, the match page, notifications and
 * achievements all write the medium date (with the short time where there is one), so English
 * reads month first everywhere and German day first.
 */
const MONTHS_EN = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

const formatters = new Map<string, Intl.DateTimeFormat>();

const two = (n: number) => String(n).padStart(2, '0');

function ownMediumDate(year: number, month: number, day: number, lang: 'de' | 'en'): string {
  return lang === 'de'
    ? `${two(day)}.${two(month + 1)}.${year}`
    : `${MONTHS_EN[month]} ${day}, ${year}`;
}

export function formatMediumDate(date: Date, language: string): string {
  if (language === 'de' || language === 'en')
    return ownMediumDate(date.getFullYear(), date.getMonth(), date.getDate(), language);
  let format = formatters.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    formatters.set(language, format);
  }
  return format.format(date);
}

/**
 * Intl's `{ dateStyle: 'medium', timeStyle: 'short' }`: "30.11.2026, 23:28" (de) /
 * "Nov 30, 2026, 11:28 PM" (en); `utc` reads the date's UTC fields (a venue's wall clock,
 * lib/i18n/venue-time.ts).
 */
export function formatMediumDateTime(date: Date, lang: 'de' | 'en', utc = false): string {
  const day = utc
    ? ownMediumDate(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), lang)
    : ownMediumDate(date.getFullYear(), date.getMonth(), date.getDate(), lang);
  const hour = utc ? date.getUTCHours() : date.getHours();
  const minute = two(utc ? date.getUTCMinutes() : date.getMinutes());
  if (lang === 'de') return `${day}, ${two(hour)}:${minute}`;
  return `${day}, ${hour % 12 || 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
}
