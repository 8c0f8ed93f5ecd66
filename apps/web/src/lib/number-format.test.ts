import { describe, expect, it } from 'vitest';
import { formatDecimal, formatFixed, formatShare } from './number-format';

const values = [
  0,
  -0,
  1,
  5,
  9.5,
  10.5,
  0.5,
  1.005,
  1.015,
  2.675,
  0.125,
  0.335,
  1.5,
  2.3333333333,
  99.995,
  999.5,
  999.4999,
  1234,
  12345.675,
  999999.995,
  1_000_000,
  123456789,
  -1.5,
  -2.345,
  -1234.5,
  0.1 + 0.2,
  1 / 3,
  2 / 3,
  1e-7,
  1e21,
  7.0000001,
  3.14159,
];

describe('numbers without Intl (lib/number-format)', () => {
  it('writes whole numbers and 2 decimals exactly as Intl.NumberFormat does (de, en)', () => {
    const extra = Array.from({ length: 2000 }, (_, i) => (i * 7919) / 1000);
    for (const lang of ['de', 'en'] as const)
      for (const digits of [0, 2])
        for (const value of [...values, ...extra]) {
          const intl = new Intl.NumberFormat(lang, {
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          }).format(value);
          expect(formatFixed(value, digits, lang), `${value} ${lang} ${digits}`).toBe(intl);
        }
  });

  it('up to 3 (or 1) decimals, trailing zeros dropped, as Intl.NumberFormat does', () => {
    const extra = Array.from({ length: 2000 }, (_, i) => (i * 7919) / 10000);
    for (const lang of ['de', 'en'] as const)
      for (const max of [1, 3])
        for (const value of [...values, ...extra]) {
          const intl = new Intl.NumberFormat(lang, { maximumFractionDigits: max }).format(value);
          expect(formatDecimal(value, lang, 0, max), `${value} ${lang} ${max}`).toBe(intl);
        }
  });

  it('percentages as Intl writes them (whole or with one decimal)', () => {
    for (const lang of ['de', 'en'] as const)
      for (const max of [0, 1])
        for (const share of [0, 0.005, 0.125, 0.5, 0.623, 0.6255, 0.995, 0.9995, 1, 2 / 3])
          expect(formatShare(share, lang, max), `${share} ${lang} ${max}`).toBe(
            new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: max }).format(
              share,
            ),
          );
  });

  it('K/D with 2 decimals, whole numbers grouped', () => {
    expect(formatFixed(1.5, 2, 'de')).toBe('1,50');
    expect(formatFixed(12345, 0, 'en')).toBe('12,345');
  });
});
