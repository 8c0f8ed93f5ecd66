/**
 * The arcades' wall clock (Europe/Berlin, MATCH_TIME_ZONE of the contracts) without Intl: the
 * first `Intl.DateTimeFormat` with a time zone loads ICU's zone data on the profile's main thread.
 * A game's time is told as it was at the venue on every page (its match page and share image do
 * so too), wherever the phone that shows it is. venue-time.test.ts checks it against Intl.
 */

/** The last Sunday of a month (0-based) at 01:00 UTC: when the EU's summer time starts or ends. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** Hours Berlin is ahead of UTC at this moment: 2 in summer time, else 1. */
export function venueOffsetHours(date: Date): number {
  const year = date.getUTCFullYear();
  const t = date.getTime();
  return t >= lastSundayAtOneUtc(year, 2) && t < lastSundayAtOneUtc(year, 9) ? 2 : 1;
}

/**
 * The venue's wall clock at `date` as a Date whose UTC fields (getUTCHours, getUTCDate, …) read
 * it: for formatting only. UTC fields, not local ones: a wall time that the phone's own zone
 * skips (its spring-forward hour) would otherwise move.
 */
export function venueWallClock(date: Date): Date {
  return new Date(date.getTime() + venueOffsetHours(date) * 3_600_000);
}

/**
 * The moment at which the venue's wall clock reads `wall` (given in its UTC fields, as
 * venueWallClock answers it): the inverse, for a date and time typed as the venue's. A wall time
 * that summer time skips (02:00–03:00 on its first day) is read an hour later, as a clock set
 * forward would; one that the autumn change shows twice is its first, summer-time, showing.
 */
export function venueMoment(wall: Date): Date {
  const summer = new Date(wall.getTime() - 2 * 3_600_000);
  return venueOffsetHours(summer) === 2 ? summer : new Date(wall.getTime() - 3_600_000);
}
