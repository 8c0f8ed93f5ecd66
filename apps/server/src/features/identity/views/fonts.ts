import fs from 'node:fs';
import path from 'node:path';

/** The app's display font family (apps/web/src/styles.css), which the identity pages use too. */
export const DISPLAY_FONT_FAMILY = 'Arcadia Display';

export const IDENTITY_FONTS_PATH = '/oidc/ui/fonts.css';

/**
 * The built web app's @font-face rules of its display font, as they are (its own hashed woff2
 * files under /assets, its unicode ranges), so the identity pages load the very files the app
 * has and the browser caches them once. Empty when the app is not built or has no such font:
 * the pages then fall back to the system's condensed fonts.
 */
export function appFontFaces(webDist: string): string {
  const assets = path.join(webDist, 'assets');
  let names: string[];
  try {
    names = fs.readdirSync(assets).filter((name) => name.endsWith('.css'));
  } catch {
    return '';
  }
  const rule = /@font-face\s*\{[^}]*\}/g;
  const family = new RegExp(`font-family:\\s*["']?${DISPLAY_FONT_FAMILY}["']?\\s*[;}]`);
  const faces = new Set<string>();
  for (const name of names) {
    const css = fs.readFileSync(path.join(assets, name), 'utf8');
    for (const [face] of css.matchAll(rule)) if (family.test(face)) faces.add(face);
  }
  return [...faces].join('\n');
}
