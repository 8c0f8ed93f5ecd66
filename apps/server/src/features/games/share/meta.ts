import {
  MATCH_IMAGE_SIZE,
  MATCH_TIME_ZONE,
  matchImagePath,
  matchPagePath,
  type Match,
  type MatchShareLanguage,
} from '@arcadia/contracts';
import type { Queryable } from '../../../db/client';
import { findMatch } from '../match';
import { resultLine, shareWords } from './image';

const MATCH_PATH = /^\/game\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/** The preview's description: the result and where, in the preview's language. */
export function matchDescription(match: Match, language: MatchShareLanguage = 'de'): string {
  const when = new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeZone: MATCH_TIME_ZONE,
  }).format(new Date(match.playedAt));
  const { on } = shareWords(language);
  return `${resultLine(match, language)} – ${match.modeName[language]} ${on} ${match.map.name}, ${match.arcade.name}, ${when}.`;
}

/**
 * The link preview of `/game/{id}` for the web plugin (plugins/web.ts): title, the result as the
 * description, the share image, in the page's language (`?lang=en` in a link shared from the
 * English app, else the browser's; German by default). Null for any other path and for an
 * unknown or voided game (the page then says so in the browser).
 */
export function matchPageMeta(db: Queryable, publicUrl: string) {
  return async (url: string, language: MatchShareLanguage = 'de') => {
    const id = MATCH_PATH.exec(url)?.[1];
    if (!id) return null;
    // Crawlers and other sites: the anonymous view (hidden players are 'Verborgener Spieler').
    const match = await findMatch(db, id.toLowerCase(), null);
    if (!match) return null;
    const result = resultLine(match, language);
    return {
      title: `${match.modeName[language]}: ${result} · Arcadia`,
      description: matchDescription(match, language),
      url: `${publicUrl}${matchPagePath(match.id, language)}`,
      image: `${publicUrl}${matchImagePath(match.id, language)}`,
      imageWidth: MATCH_IMAGE_SIZE.width,
      imageHeight: MATCH_IMAGE_SIZE.height,
      imageAlt: `${match.modeName[language]} – ${result}`,
      language,
    };
  };
}
