import { ADMIN_GAMES_TIME_ZONE } from '@arcadia/contracts';

const ymd = new Intl.DateTimeFormat('en-CA', {
  timeZone: ADMIN_GAMES_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in Europe/Berlin as YYYY-MM-DD (the server's default day of the games list). */
export function berlinToday(now: Date = new Date()): string {
  return ymd.format(now);
}

/** The calendar day `days` after a YYYY-MM-DD day. */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function isDay(value: string | null): value is string {
  return !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
}
