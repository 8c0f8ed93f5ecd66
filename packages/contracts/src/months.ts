/**
 * The month names of the app's two languages, without any schema (no zod), for the season
 * achievements' names and the web's long dates (`@arcadia/contracts/months`).
 */
export const MONTH_NAMES = {
  de: [
    'Januar',
    'Februar',
    'März',
    'April',
    'Mai',
    'Juni',
    'Juli',
    'August',
    'September',
    'Oktober',
    'November',
    'Dezember',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
} as const satisfies Record<'de' | 'en', readonly string[]>;
