import type { LeaderboardMetric } from '@arcadia/contracts';
import { formatFixed, formatShare } from '../../lib/number-format';

export { formatFixed };

export const langOf = (language: string | undefined): 'de' | 'en' =>
  language?.startsWith('en') ? 'en' : 'de';

/** A share (0.62) as a whole percentage, as Intl writes it ('62 %' in German, '62%' in English). */
export function formatPercent(share: number, lang: 'de' | 'en'): string {
  return formatShare(share, lang, 0);
}

/** A board value: K/D with 2 decimals, score and wins as whole numbers. */
export function formatValue(value: number, metric: LeaderboardMetric, lang: 'de' | 'en'): string {
  return formatFixed(value, metric === 'kd' ? 2 : 0, lang);
}
