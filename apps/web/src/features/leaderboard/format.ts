import type { LeaderboardMetric } from '@arcadia/contracts';

export const langOf = (language: string | undefined): 'de' | 'en' =>
  language?.startsWith('en') ? 'en' : 'de';

/** A board value: K/D with 2 decimals, score and wins as whole numbers. */
export function formatValue(value: number, metric: LeaderboardMetric, lang: 'de' | 'en'): string {
  const digits = metric === 'kd' ? 2 : 0;
  return new Intl.NumberFormat(lang, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}
