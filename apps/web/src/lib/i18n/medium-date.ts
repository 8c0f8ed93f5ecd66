/**
 * A medium date as Intl's `dateStyle: 'medium'` writes it ("14.03.2025", "Mar 14, 2025"), German
 * and English without Intl: the first `Intl.DateTimeFormat` loads ICU's pattern data, 56 ms of main
 * thread on a throttled phone while the profile's statistics render. Other languages through
 * Intl. Its own module (not date-format.ts): the news pages' chunks stay as they are.
 * medium-date.test.ts checks it against Intl for every month.
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

export function formatMediumDate(date: Date, language: string): string {
  const two = (n: number) => String(n).padStart(2, '0');
  if (language === 'de')
    return `${two(date.getDate())}.${two(date.getMonth() + 1)}.${date.getFullYear()}`;
  if (language === 'en')
    return `${MONTHS_EN[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
  let format = formatters.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    formatters.set(language, format);
  }
  return format.format(date);
}
