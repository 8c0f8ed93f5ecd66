import { describe, expect, it } from 'vitest';
import { MATCH_TIME_ZONE } from '@arcadia/contracts';
import { venueMoment, venueOffsetHours, venueWallClock } from './venue-time';

const berlin = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const wall = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/` +
  `${d.getUTCFullYear()}, ${String(d.getUTCHours()).padStart(2, '0')}:` +
  String(d.getUTCMinutes()).padStart(2, '0');

describe('the venue clock (Europe/Berlin) without Intl', () => {
  it('is the zone the match page tells', () => {
    expect(MATCH_TIME_ZONE).toBe('Europe/Berlin');
  });

  it('reads as Intl does, every 37 minutes over three years and around each change of time', () => {
    const moments: Date[] = [];
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2028, 0, 1); t += 37 * 60_000)
      moments.push(new Date(t));
    // The changes themselves: 01:00 UTC on the last Sundays of March and October.
    for (const at of [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)])
      for (const delta of [-60_001, -1, 0, 1, 60_000]) moments.push(new Date(at + delta));
    for (const moment of moments)
      expect(wall(venueWallClock(moment)), moment.toISOString()).toBe(berlin.format(moment));
  });

  it('is one hour ahead of UTC in winter and two in summer', () => {
    expect(venueOffsetHours(new Date('2026-01-15T12:00:00Z'))).toBe(1);
    expect(venueOffsetHours(new Date('2026-07-15T12:00:00Z'))).toBe(2);
  });

  it('turns a wall time back into the moment: every 37 minutes over three years', () => {
    const repeated = (t: number) =>
      // The hour the autumn change shows twice: its second showing reads as the first.
      [Date.UTC(2025, 9, 26, 1), Date.UTC(2026, 9, 25, 1), Date.UTC(2027, 9, 31, 1)].some(
        (at) => t >= at && t < at + 3_600_000,
      );
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2028, 0, 1); t += 37 * 60_000) {
      const moment = new Date(t);
      const back = venueMoment(venueWallClock(moment)).getTime();
      expect(back, moment.toISOString()).toBe(repeated(t) ? t - 3_600_000 : t);
    }
  });

  it('reads a typed wall time: winter, summer, the skipped hour and the repeated one', () => {
    const at = (wall: string) => venueMoment(new Date(`${wall}Z`)).toISOString();
    expect(at('2026-12-24T18:00')).toBe('2026-12-24T17:00:00.000Z');
    expect(at('2026-07-01T09:30')).toBe('2026-07-01T07:30:00.000Z');
    // 29 March 2026: 02:00 becomes 03:00, so 02:30 is read as 03:30 summer time.
    expect(at('2026-03-29T01:59')).toBe('2026-03-29T00:59:00.000Z');
    expect(at('2026-03-29T02:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(at('2026-03-29T03:00')).toBe('2026-03-29T01:00:00.000Z');
    // 25 October 2026: 03:00 becomes 02:00 again; 02:30 is its first, summer-time, showing.
    expect(at('2026-10-25T02:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(at('2026-10-25T03:00')).toBe('2026-10-25T02:00:00.000Z');
  });
});
