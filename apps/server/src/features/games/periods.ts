/** Period starts of the leaderboards, all in UTC: weeks start on Monday, months on the 1st. */
export const ALL_TIME_START = '1970-01-01';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function weekStart(at: Date): string {
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  return day(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - sinceMonday));
}

export function monthStart(at: Date): string {
  return day(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

export function periodStart(kind: 'week' | 'month' | 'all', at: Date): string {
  if (kind === 'week') return weekStart(at);
  if (kind === 'month') return monthStart(at);
  return ALL_TIME_START;
}
