import { describe, expect, it } from 'vitest';
import { atVenue } from '../../testing/factories';
import {
  clockHour,
  formatDateHour,
  formatHour,
  formatKd,
  formatPercent,
  lastPlayedAt,
  mostActiveHour,
} from './format';

// The i18n templates as de.json / en.json have them.
const de = (key: string, o: Record<string, string>) =>
  key.endsWith('.hour') ? `${o.hour} Uhr` : `${o.date}, ${o.hour} Uhr`;
const en = (key: string, o: Record<string, string>) =>
  key.endsWith('.hour') ? `${o.hour}` : `${o.date}, ${o.hour}`;

describe('statistics formatting', () => {
  it('K/D always has 2 decimals', () => {
    expect(formatKd(1.5, 'en')).toBe('1.50');
    expect(formatKd(2, 'en')).toBe('2.00');
    expect(formatKd(1.456, 'en')).toBe('1.46');
    expect(formatKd(1.5, 'de')).toBe('1,50');
    expect(formatKd(0, 'de')).toBe('0,00');
  });

  it('the win rate is a percentage', () => {
    expect(formatPercent(62.5, 'en')).toBe('62.5%');
    expect(formatPercent(100, 'en')).toBe('100%');
    expect(formatPercent(62.5, 'de')).toBe('62,5\u00a0%');
    expect(formatPercent(0, 'de')).toBe('0\u00a0%');
  });

  it("an hour is shown as the hour followed by 'Uhr' in German, as a clock hour in English", () => {
    expect(clockHour(18, 'de')).toBe('18');
    expect(clockHour(9, 'de')).toBe('09');
    expect(formatHour(18, 'de', de)).toBe('18 Uhr');
    expect(formatHour(0, 'de', de)).toBe('00 Uhr');
    expect(formatHour(18, 'en', en)).toBe('6 PM');
    expect(formatHour(0, 'en', en)).toBe('12 AM');
  });

  it('a date with its hour', () => {
    expect(formatDateHour(atVenue(2025, 3, 14, 18, 30), 'de', de)).toBe('14.03.2025, 18 Uhr');
    expect(formatDateHour(atVenue(2025, 3, 14, 18, 30), 'en', en)).toBe('Mar 14, 2025, 6 PM');
  });

  it('most active hour and last played come from the match history', () => {
    const games = [
      { playedAt: atVenue(2025, 3, 14, 18, 5) },
      { playedAt: atVenue(2025, 3, 12, 20, 40) },
      { playedAt: atVenue(2025, 3, 10, 20, 10) },
      { playedAt: atVenue(2025, 3, 1, 9) },
    ];
    expect(mostActiveHour(games)).toBe(20);
    expect(lastPlayedAt(games)).toBe(games[0]?.playedAt);
    expect(mostActiveHour([])).toBeNull();
    expect(lastPlayedAt([])).toBeNull();
  });
});
