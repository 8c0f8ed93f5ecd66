const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * One Intl.NumberFormat per language and options, made on first use: building one per cell cost
 * the leaderboard about 15 ms of main thread (60 ms on a throttled phone) per page of rows.
 */
export function numberFormat(lang: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang, options);
    numberFormats.set(key, format);
  }
  return format;
}
