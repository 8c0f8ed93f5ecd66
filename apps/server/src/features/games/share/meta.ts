import {
  MATCH_IMAGE_SIZE,
  MATCH_TIME_ZONE,
  matchImagePath,
  matchPagePath,
  type Match,
  type MatchShareLanguage,
} from '@arcadia/contracts';
import type { Queryable } from '../../../db/client';
import { addressKey, type Limiter } from '../../../plugins/limits';
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
 * English app, else the browser's; German by default). Null for any other path, for an
 * unknown or voided game (the page then says so in the browser), and for a client past its
 * limit of previews (`perClient`, counted by its address).
 */
export function matchPageMeta(db: Queryable, publicUrl: string, perClient: Limiter) {
  return async (url: string, language: MatchShareLanguage = 'de', client = '') => {
    const id = MATCH_PATH.exec(url)?.[1];
    if (!id) return null;
    // The page itself is not behind the API's per-client limit, but its preview reads the
    // database: past the limit (RATE_LIMIT_MAX a minute) a client gets the plain page, whose
    // app then asks the API, which is limited.
    if ((await perClient.hit(addressKey(client))).limited) return null;
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
