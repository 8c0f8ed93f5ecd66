import type { Game } from '@arcadia/contracts';
// Without Intl.NumberFormat (its first use loads the locale's number data: lib/number-format.ts).
import { formatDecimal, formatFixed, formatShare } from '../../lib/number-format';
import { formatMediumDate } from '../../lib/i18n/medium-date';
import { formatEnglishHour } from '../../lib/i18n/numeric-date';
import { venueWallClock } from '../../lib/i18n/venue-time';

/** Formatting of the profile's numbers and times, per interface language (de, en). */
export type Lang = 'de' | 'en';

export const langOf = (language: string | undefined): Lang =>
  language?.startsWith('en') ? 'en' : 'de';

/** K/D always with 2 decimals (spec §2): 1.5 → "1,50" (de) / "1.50" (en). */
export function formatKd(value: number, lang: Lang): string {
  return formatFixed(value, 2, lang);
}

/** The win rate, a percentage 0..100, with at most one decimal: "62,5 %" / "62.5%". */
export function formatPercent(percent: number, lang: Lang): string {
  return formatShare(percent / 100, lang, 1);
}

/** A number as Intl.NumberFormat's default writes it (up to 3 decimals): "1.234,5" / "1,234.5". */
export function formatNumber(value: number, lang: Lang): string {
  return formatDecimal(value, lang);
}

/** How the i18n templates `profile.statistics.hour` / `dateAtHour` get filled. */
type Translate = (key: string, options: Record<string, string>) => string;

/** The clock hour alone: "18", "09" (de, followed by 'Uhr' in the template) or "6 PM" (en). */
export function clockHour(hour: number, lang: Lang): string {
  return lang === 'de' ? String(hour).padStart(2, '0') : formatEnglishHour(hour);
}

/** An hour of the day as players read it: "18 Uhr" (de), "6 PM" (en). */
export function formatHour(hour: number, lang: Lang, t: Translate): string {
  return t('profile.statistics.hour', { hour: clockHour(hour, lang) });
}

/**
 * A date with its hour at the arcade (as the match page tells it): "14.03.2025, 18 Uhr" (de) /
 * "Mar 14, 2025, 6 PM" (en).
 */
export function formatDateHour(iso: string, lang: Lang, t: Translate): string {
  const wall = venueWallClock(new Date(iso));
  // The day at noon in the phone's zone: a time every zone has, on the venue's date.
  const day = new Date(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), 12);
  return t('profile.statistics.dateAtHour', {
    date: formatMediumDate(day, lang),
    hour: clockHour(wall.getUTCHours(), lang),
  });
}

/** The hour (at the arcade) the player most often played at; a tie goes to the hour met first. */
export function mostActiveHour(games: readonly Pick<Game, 'playedAt'>[]): number | null {
  const counts = new Map<number, number>();
  let best: number | null = null;
  for (const game of games) {
    const hour = venueWallClock(new Date(game.playedAt)).getUTCHours();
    const n = (counts.get(hour) ?? 0) + 1;
    counts.set(hour, n);
    if (best === null || n > (counts.get(best) ?? 0)) best = hour;
  }
  return best;
}

/** The newest game's time (match history is newest first, but do not rely on it). */
export function lastPlayedAt(games: readonly Pick<Game, 'playedAt'>[]): string | null {
  let last: string | null = null;
  for (const game of games) {
    if (last === null || Date.parse(game.playedAt) > Date.parse(last)) last = game.playedAt;
  }
  return last;
}
