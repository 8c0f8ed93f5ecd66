/**
 * Numbers as Intl.NumberFormat writes them in German and English, without Intl: a page's first
 * Intl.NumberFormat loads the locale's number data, about 50 ms of main thread on a throttled
 * phone, in the task that draws the page (profile, leaderboard). Checked against Intl in
 * number-format.test.ts.
 */
import { numberFormat } from './intl-number-format';

export type NumberLang = 'de' | 'en';

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
 * A number with exactly `digits` decimals (grouped thousands, rounded half away from zero on the
 * number's shortest decimal form, as Intl does). Intl itself for what this does not write
 * (infinity, NaN, exponent notation).
 */
export function formatFixed(value: number, digits: number, lang: NumberLang): string {
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

/**
 * A number with `minDigits` to `maxDigits` decimals (trailing zeros dropped down to `minDigits`),
 * as Intl.NumberFormat with those minimum and maximum fraction digits.
 */
export function formatDecimal(
  value: number,
  lang: NumberLang,
  minDigits = 0,
  maxDigits = 3,
): string {
  const fixed = formatFixed(value, maxDigits, lang);
  const point = lang === 'de' ? ',' : '.';
  const at = fixed.lastIndexOf(point);
  if (maxDigits === 0 || at < 0 || !/\d$/.test(fixed)) return fixed;
  let decimals = fixed.slice(at + 1);
  while (decimals.length > minDigits && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  return decimals.length > 0 ? `${fixed.slice(0, at)}${point}${decimals}` : fixed.slice(0, at);
}

/** A share (0.625) as a percentage with up to `maxDigits` decimals: '62,5 %' (de), '62.5%' (en). */
export function formatShare(share: number, lang: NumberLang, maxDigits = 0): string {
  return `${formatDecimal(share * 100, lang, 0, maxDigits)}${lang === 'de' ? '\u00a0%' : '%'}`;
}
