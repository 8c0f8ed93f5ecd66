import type { LeaderboardMetric } from '@arcadia/contracts';

export const langOf = (language: string | undefined): 'de' | 'en' =>
  language?.startsWith('en') ? 'en' : 'de';

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * One Intl.NumberFormat per language and options, made on first use: building one per cell cost
 * the board about 15 ms of main thread (60 ms on a throttled phone) per page of rows.
 */
export function numberFormat(
  lang: 'de' | 'en',
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  const key = `${lang} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** One more in the last place of a string of decimal digits ('199' → '200', '99' → '100'). */
function increment(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i -= 1) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/**
 * A number with exactly `digits` decimals as Intl.NumberFormat writes it in German or English
 * (grouped thousands, rounded half away from zero on the number's shortest decimal form), without
 * Intl: the first Intl.NumberFormat of a page loads the locale's number data, about 50 ms on a
 * throttled phone, in the task that draws the board. Checked against Intl in format.test.ts.
 */
export function formatFixed(value: number, digits: number, lang: 'de' | 'en'): string {
  const text = String(Math.abs(value));
  if (!Number.isFinite(value) || /e/i.test(text))
    return numberFormat(lang, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);
  const [whole = '0', fraction = ''] = text.split('.');
  let kept = whole + fraction.slice(0, digits).padEnd(digits, '0');
  if ((fraction[digits] ?? '0') >= '5') kept = increment(kept);
  const int = kept.slice(0, kept.length - digits) || '0';
  const decimals = kept.slice(kept.length - digits);
  const grouped = int.replace(/\B(?=(\d{3})+$)/g, lang === 'de' ? '.' : ',');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${grouped}${digits > 0 ? (lang === 'de' ? ',' : '.') + decimals : ''}`;
}

/** A share (0.62) as a whole percentage, as Intl writes it ('62 %' in German, '62%' in English). */
export function formatPercent(share: number, lang: 'de' | 'en'): string {
  return `${formatFixed(share * 100, 0, lang)}${lang === 'de' ? '\u00a0%' : '%'}`;
}

/** A board value: K/D with 2 decimals, score and wins as whole numbers. */
export function formatValue(value: number, metric: LeaderboardMetric, lang: 'de' | 'en'): string {
  return formatFixed(value, metric === 'kd' ? 2 : 0, lang);
}
