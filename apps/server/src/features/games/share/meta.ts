import { MATCH_IMAGE_SIZE, matchImagePath, matchPagePath, type Match } from '@arcadia/contracts';
import type { Queryable } from '../../../db/client';
import { findMatch } from '../match';
import { resultLine } from './image';

const MATCH_PATH = /^\/game\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/** The preview's description (German, the app's default language): the result and where. */
export function matchDescription(match: Match): string {
  const when = new Intl.DateTimeFormat('de', {
    dateStyle: 'medium',
    timeZone: 'Europe/Berlin',
  }).format(new Date(match.playedAt));
  return `${resultLine(match)} – ${match.modeName.de} auf ${match.map.name}, ${match.arcade.name}, ${when}.`;
}

/**
 * The link preview of `/game/{id}` for the web plugin (plugins/web.ts): title, the result as the
 * description, the share image. Null for any other path and for an unknown or voided game (the
 * page then says so in the browser).
 */
export function matchPageMeta(db: Queryable, publicUrl: string) {
  return async (url: string) => {
    const id = MATCH_PATH.exec(url)?.[1];
    if (!id) return null;
    // Crawlers and other sites: the anonymous view (hidden players are 'Spieler').
    const match = await findMatch(db, id.toLowerCase(), null);
    if (!match) return null;
    const title = `${match.modeName.de}: ${resultLine(match)} · Arcadia`;
    return {
      title,
      description: matchDescription(match),
      url: `${publicUrl}${matchPagePath(match.id)}`,
      image: `${publicUrl}${matchImagePath(match.id)}`,
      imageWidth: MATCH_IMAGE_SIZE.width,
      imageHeight: MATCH_IMAGE_SIZE.height,
      imageAlt: `${match.modeName.de} – ${resultLine(match)}`,
    };
  };
}
