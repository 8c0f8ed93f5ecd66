/**
 * The web route of a match and the API path of its share image, without zod: game cards link to
 * matches without loading the schemas (`@arcadia/contracts/match-paths`; match.ts re-exports it).
 */

/** The languages of the share image and link preview (German, the default, and English). */
export const MATCH_SHARE_LANGUAGES = ['de', 'en'] as const;
export type MatchShareLanguage = (typeof MATCH_SHARE_LANGUAGES)[number];

const langQuery = (language: MatchShareLanguage) => (language === 'de' ? '' : `?lang=${language}`);

/** The match page; with a language other than German its link preview speaks that language. */
export const matchPagePath = (id: string, language: MatchShareLanguage = 'de') =>
  `/game/${encodeURIComponent(id)}${langQuery(language)}`;
export const matchImagePath = (id: string, language: MatchShareLanguage = 'de') =>
  `/api/matches/${encodeURIComponent(id)}/image.png${langQuery(language)}`;
