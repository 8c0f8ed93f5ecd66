import { useTranslation } from 'react-i18next';
import { ADMIN_GAMES_TIME_ZONE } from '@arcadia/contracts';

/**
 * Dates and times as the console shows them: in the arcades' time zone (Europe/Berlin, the
 * zone the games' days are counted in) and the interface language, written as the player app
 * writes them (lib/i18n/medium-date.ts): English month first ("Nov 30, 2026, 11:28 PM"),
 * German day first.
 */
export function useConsoleFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-US' : 'de-DE';
  const dateTime = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: ADMIN_GAMES_TIME_ZONE,
  });
  const time = new Intl.DateTimeFormat(locale, {
    timeStyle: 'short',
    timeZone: ADMIN_GAMES_TIME_ZONE,
  });
  const day = new Intl.DateTimeFormat(locale, {
    dateStyle: 'full',
    timeZone: ADMIN_GAMES_TIME_ZONE,
  });
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  return {
    /** A count or score with the language's grouping (1.683 / 1,683). */
    number: (value: number) => integer.format(value),
    dateTime: (iso: string) => plainSpaces(dateTime.format(new Date(iso))),
    time: (iso: string) => plainSpaces(time.format(new Date(iso))),
    /** A YYYY-MM-DD day (noon UTC keeps it on that day in Berlin). */
    day: (ymd: string) => day.format(new Date(`${ymd}T12:00:00Z`)),
  };
}

/** ICU writes "11:28\u202fPM"; the app writes a plain space (lib/i18n/medium-date.ts). */
const plainSpaces = (text: string) => text.replace(/\u202f/g, ' ');
