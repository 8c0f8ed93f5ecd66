import fs from 'node:fs';
import path from 'node:path';
import { create, type Font } from 'fontkit';

/**
 * The fonts every printout uses, shipped in ./fonts (DejaVu Sans from Debian's
 * fonts-dejavu-core, its licence beside them): the PDF embeds them and the PNG draws their glyph
 * outlines, so nothing depends on the fonts of the machine it runs on, and umlauts print. The
 * build copies the folder beside the bundles (scripts/build.mjs), the same relative place.
 */
export const FONT_FILES = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  mono: 'DejaVuSansMono.ttf',
} as const;
export type FontName = keyof typeof FONT_FILES;

const fontsDir = path.join(import.meta.dirname, 'fonts');

export interface LoadedFont {
  /** The file's bytes, for the PDF to embed. */
  data: Buffer;
  font: Font;
}

let loaded: Record<FontName, LoadedFont> | undefined;

/** The three fonts, read once. */
export function fonts(): Record<FontName, LoadedFont> {
  if (!loaded) {
    const load = (file: string): LoadedFont => {
      const data = fs.readFileSync(path.join(fontsDir, file));
      const font = create(data);
      if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font`);
      return { data, font };
    };
    loaded = {
      regular: load(FONT_FILES.regular),
      bold: load(FONT_FILES.bold),
      mono: load(FONT_FILES.mono),
    };
  }
  return loaded;
}

/** The width of `text` set in `font` at `size` (any unit: the result is in the same one). */
export function textWidth(text: string, font: FontName, size: number): number {
  const { font: f } = fonts()[font];
  return (f.layout(text).advanceWidth / f.unitsPerEm) * size;
}

/**
 * `text` at `size`, or smaller down to `minSize` so that it fits `maxWidth`; still too wide at
 * `minSize`, it is cut and ends with an ellipsis.
 */
export function fitText(
  text: string,
  font: FontName,
  size: number,
  maxWidth: number,
  minSize = size * 0.5,
): { text: string; size: number } {
  const width = textWidth(text, font, size);
  if (width <= maxWidth) return { text, size };
  const fitted = (size * maxWidth) / width;
  if (fitted >= minSize) return { text, size: fitted };
  const chars = Array.from(text);
  while (chars.length > 1 && textWidth(`${chars.join('')}…`, font, minSize) > maxWidth) chars.pop();
  return { text: `${chars.join('')}…`, size: minSize };
}

/** Breaks `text` anywhere (a URL has no words) into lines no wider than `maxWidth`. */
export function breakText(text: string, font: FontName, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const char of Array.from(text)) {
    if (line && textWidth(line + char, font, size) > maxWidth) {
      lines.push(line);
      line = '';
    }
    line += char;
  }
  if (line) lines.push(line);
  return lines;
}
