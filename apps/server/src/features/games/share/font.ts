import { createRequire } from 'node:module';
import fs from 'node:fs';
import { create, type Font } from 'fontkit';

/**
 * The app's display font (Roboto Condensed, which the web app serves as 'Arcadia Display' from
 * its own origin) for the share image. The package ships woff/woff2 only and resvg reads
 * TrueType/OpenType only, so fontkit decodes the files and the image draws the glyph outlines
 * as SVG paths (as features/print does): no font of the machine is ever used.
 */
const FILES = {
  regular: ['latin-400-normal', 'latin-ext-400-normal'],
  bold: ['latin-700-normal', 'latin-ext-700-normal'],
} as const;
export type Weight = keyof typeof FILES;

const require = createRequire(import.meta.url);
let loaded: Record<Weight, Font[]> | undefined;

function fonts(): Record<Weight, Font[]> {
  if (!loaded) {
    const load = (name: string): Font => {
      const file = require.resolve(
        `@fontsource/roboto-condensed/files/roboto-condensed-${name}.woff2`,
      );
      const font = create(fs.readFileSync(file));
      if (!('layout' in font)) throw new Error(`${name} is a font collection, not a font`);
      return font;
    };
    loaded = { regular: FILES.regular.map(load), bold: FILES.bold.map(load) };
  }
  return loaded;
}

/** Runs of `text` each set in the first of the weight's fonts that has all of its characters. */
function runs(text: string, weight: Weight): Array<{ font: Font; text: string }> {
  const list = fonts()[weight];
  const out: Array<{ font: Font; text: string }> = [];
  for (const char of Array.from(text)) {
    const code = char.codePointAt(0)!;
    const font = list.find((f) => f.hasGlyphForCodePoint(code)) ?? list[0]!;
    const last = out.at(-1);
    if (last?.font === font) last.text += char;
    else out.push({ font, text: char });
  }
  return out;
}

/** Each glyph's outline as SVG path data, made once per font and glyph. */
const outlines = new WeakMap<Font, Map<number, string>>();
function outline(font: Font, glyph: { id: number; path: { toSVG(): string } }): string {
  let known = outlines.get(font);
  if (!known) outlines.set(font, (known = new Map<number, string>()));
  let d = known.get(glyph.id);
  if (d === undefined) known.set(glyph.id, (d = glyph.path.toSVG()));
  return d;
}

const num = (n: number) => Number(n.toFixed(2)).toString();

export function textWidth(text: string, weight: Weight, size: number): number {
  return runs(text, weight).reduce(
    (sum, run) => sum + (run.font.layout(run.text).advanceWidth / run.font.unitsPerEm) * size,
    0,
  );
}

/** `text` cut with an ellipsis so that it fits `maxWidth` at `size`. */
export function fit(text: string, weight: Weight, size: number, maxWidth: number): string {
  if (textWidth(text, weight, size) <= maxWidth) return text;
  const chars = Array.from(text);
  while (chars.length > 1 && textWidth(`${chars.join('')}…`, weight, size) > maxWidth) chars.pop();
  return `${chars.join('')}…`;
}

/**
 * The largest size from `size` down to `minSize` (in steps of 2) at which `text` fits, else
 * `text` cut with an ellipsis at `minSize`: a long line (a hidden winner's "Verborgener Spieler
 * gewinnt mit 1.160 Punkten") is drawn smaller rather than cut in its number.
 */
export function fitShrinking(
  text: string,
  weight: Weight,
  size: number,
  minSize: number,
  maxWidth: number,
): { text: string; size: number } {
  for (let s = size; s >= minSize; s -= 2)
    if (textWidth(text, weight, s) <= maxWidth) return { text, size: s };
  return { text: fit(text, weight, minSize, maxWidth), size: minSize };
}

export interface TextOptions {
  x: number;
  /** The baseline. */
  y: number;
  size: number;
  weight: Weight;
  fill: string;
  anchor?: 'start' | 'middle' | 'end';
}

/** `text` as the SVG paths of its glyphs. */
export function textPaths(text: string, o: TextOptions): string {
  const width = textWidth(text, o.weight, o.size);
  let x = o.anchor === 'middle' ? o.x - width / 2 : o.anchor === 'end' ? o.x - width : o.x;
  const groups: string[] = [];
  for (const run of runs(text, o.weight)) {
    const layout = run.font.layout(run.text);
    const scale = o.size / run.font.unitsPerEm;
    let pen = 0;
    const paths: string[] = [];
    layout.glyphs.forEach((glyph, i) => {
      const position = layout.positions[i];
      const d = outline(run.font, glyph);
      if (d)
        paths.push(
          `<path transform="translate(${pen + (position?.xOffset ?? 0)} ${position?.yOffset ?? 0})" d="${d}"/>`,
        );
      pen += position?.xAdvance ?? glyph.advanceWidth;
    });
    groups.push(
      `<g transform="translate(${num(x)} ${num(o.y)}) scale(${scale.toFixed(6)} ${(-scale).toFixed(6)})" fill="${o.fill}">${paths.join('')}</g>`,
    );
    x += pen * scale;
  }
  return groups.join('');
}
