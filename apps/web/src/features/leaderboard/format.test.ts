import { describe, expect, it } from 'vitest';
import { formatFixed, formatPercent, formatValue } from './format';

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

describe('numbers without Intl', () => {
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

  it('percentages as Intl writes them', () => {
    for (const lang of ['de', 'en'] as const)
      for (const share of [0, 0.005, 0.125, 0.5, 0.623, 0.995, 1, 2 / 3])
        expect(formatPercent(share, lang)).toBe(
          new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(share),
        );
  });

  it('board values: K/D with 2 decimals, the rest whole', () => {
    expect(formatValue(1.5, 'kd', 'de')).toBe('1,50');
    expect(formatValue(12345, 'score', 'en')).toBe('12,345');
  });
});
