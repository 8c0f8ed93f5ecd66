import { describe, expect, it } from 'vitest';
import { MATCH_TIME_ZONE } from '@arcadia/contracts';
import { venueOffsetHours, venueWallClock } from './venue-time';

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
});
