import { venueMoment, venueWallClock } from '../../../lib/i18n/venue-time';

/**
 * An ISO date as the value of a datetime-local input, and back. The input's date and time are
 * the arcades' (Europe/Berlin, VENUE_TIME_ZONE), as every date the console shows, wherever the
 * browser is set: a date typed in Lisbon means the same moment as one typed in Berlin. The
 * fields say so with `admin.venueTime` (the news editor's publish date, the audit log's period).
 */
export function toVenueInput(iso: string | null): string {
  if (!iso) return '';
  return venueWallClock(new Date(iso)).toISOString().slice(0, 16);
}

export function fromVenueInput(value: string): string | null {
  if (!value) return null;
  // A datetime-local value (YYYY-MM-DDTHH:MM, perhaps with seconds) read as a wall time.
  const wall = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)
    ? new Date(`${value}Z`)
    : new Date(Number.NaN);
  return Number.isNaN(wall.getTime()) ? 'invalid' : venueMoment(wall).toISOString();
}
