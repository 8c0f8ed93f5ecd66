/**
 * A long date ("26. November 2026", "26 November 2026") through one cached Intl.DateTimeFormat
 * per language: `toLocaleDateString` builds a new formatter (and loads ICU data) on every call,
 * which cost the news page about 300 ms of main thread on a throttled phone.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatLongDate(date: Date, language: string): string {
  let format = formatters.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric' });
    formatters.set(language, format);
  }
  return format.format(date);
}
