import fs from 'node:fs';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import type { Plugin } from 'vite';

/**
 * Every app icon is made at build time from ONE source image, `assets-src/logo.svg` (a glyph on a
 * transparent background), so nothing generated is committed and a new logo is one file:
 * - `any` icons: the glyph on a rounded dark tile (launchers, the install dialog, tabs);
 * - `maskable` icons: the glyph inside the 80 % safe circle on a full-bleed tile, which Android
 *   crops to its own shape;
 * - the apple-touch-icon: full bleed (iOS rounds the corners itself), no transparency;
 * - the notification badge: a white silhouette of the glyph (Android shows only its alpha);
 * - the favicon: the SVG itself.
 */
export const SOURCE_LOGO = path.join(import.meta.dirname, '..', 'assets-src', 'logo.svg');

/** The dark arcade background of the tiles, the manifest and the splash screen. */
export const ICON_BACKGROUND = '#0b0b1a';

export type IconKind = 'any' | 'maskable' | 'apple' | 'badge' | 'foreground' | 'round';

export interface IconSpec {
  /** Path under the site root, without a leading slash. */
  fileName: string;
  size: number;
  kind: IconKind;
}

const ANY_SIZES = [48, 72, 96, 128, 144, 192, 256, 384, 512] as const;

export const ICONS: readonly IconSpec[] = [
  ...ANY_SIZES.map((size) => ({ fileName: `icons/icon-${size}.png`, size, kind: 'any' as const })),
  { fileName: 'icons/maskable-192.png', size: 192, kind: 'maskable' },
  { fileName: 'icons/maskable-512.png', size: 512, kind: 'maskable' },
  { fileName: 'icons/apple-touch-icon.png', size: 180, kind: 'apple' },
  { fileName: 'icons/badge-96.png', size: 96, kind: 'badge' },
];

export const FAVICON_FILE = 'icons/favicon.svg';

/** How much of the tile the glyph covers, per kind (the maskable safe zone is a circle of 80 %). */
const GLYPH_SCALE: Record<IconKind, number> = {
  any: 0.8,
  maskable: 0.62,
  apple: 0.74,
  badge: 1,
  // Android adaptive icons: the glyph on transparency inside the 66/108 safe zone.
  foreground: 0.56,
  round: 0.66,
};

function glyph(svg: Buffer, size: number): Promise<Buffer> {
  // Rasterise at (at least) twice the target resolution, then scale down for clean edges.
  const density = Math.max(72, Math.ceil((72 * size * 2) / 512));
  return sharp(svg, { density }).resize(size, size).png().toBuffer();
}

function tile(size: number, rounded: boolean): Buffer {
  const radius = rounded ? Math.round(size * 0.22) : 0;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">` +
      `<stop offset="0" stop-color="#17173f"/><stop offset="1" stop-color="${ICON_BACKGROUND}"/>` +
      `</linearGradient></defs>` +
      `<rect width="${size}" height="${size}" rx="${radius}" fill="url(#g)"/></svg>`,
  );
}

/** Renders one icon of the list from the source SVG. */
export async function renderIcon(svg: Buffer, spec: IconSpec): Promise<Buffer> {
  const { size, kind } = spec;
  const glyphSize = Math.round(size * GLYPH_SCALE[kind]);
  const art = await glyph(svg, glyphSize);
  if (kind === 'badge') {
    // Keep the glyph's shape (alpha above half) in white; the glow's faint edge is dropped.
    const alpha = await sharp(art).ensureAlpha().extractChannel('alpha').threshold(128).toBuffer();
    return sharp({ create: { width: size, height: size, channels: 3, background: '#ffffff' } })
      .joinChannel(alpha)
      .png()
      .toBuffer();
  }
  const offset = Math.round((size - glyphSize) / 2);
  if (kind === 'foreground') {
    return sharp({
      create: {
        width: size,
        height: size,
        channels: 4,
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      },
    })
      .composite([{ input: art, left: offset, top: offset }])
      .png({ compressionLevel: 9 })
      .toBuffer();
  }
  const layers: OverlayOptions[] = [{ input: art, left: offset, top: offset }];
  if (kind === 'round') {
    const circle = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}"/></svg>`;
    layers.push({ input: Buffer.from(circle), blend: 'dest-in' });
  }
  const composed = await sharp(tile(size, kind === 'any'))
    .composite(layers)
    .png()
    .toBuffer();
  // sharp composites last in a pipeline, so dropping the alpha channel is a second pass.
  const image = sharp(composed);
  return (kind === 'apple' ? image.flatten({ background: ICON_BACKGROUND }) : image)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A splash image: the glyph in the middle of the dark background, at any width and height. */
export async function renderSplash(svg: Buffer, width: number, height: number): Promise<Buffer> {
  const glyphSize = Math.round(Math.min(width, height) * 0.36);
  return sharp({ create: { width, height, channels: 3, background: ICON_BACKGROUND } })
    .composite([
      {
        input: await glyph(svg, glyphSize),
        left: Math.round((width - glyphSize) / 2),
        top: Math.round((height - glyphSize) / 2),
      },
    ])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Renders every icon: file name → PNG (plus the SVG favicon). */
export async function renderAllIcons(sourcePath = SOURCE_LOGO): Promise<Map<string, Buffer>> {
  const svg = await fs.promises.readFile(sourcePath);
  const files = new Map<string, Buffer>();
  for (const spec of ICONS) files.set(spec.fileName, await renderIcon(svg, spec));
  files.set(FAVICON_FILE, svg);
  return files;
}

/** The manifest's icon list: the `any` sizes, both maskable ones and the SVG. */
export function manifestIcons(): Array<{
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}> {
  return [
    ...ICONS.filter((i) => i.kind === 'any' || i.kind === 'maskable').map((i) => ({
      src: `/${i.fileName}`,
      sizes: `${i.size}x${i.size}`,
      type: 'image/png',
      purpose: i.kind,
    })),
    { src: `/${FAVICON_FILE}`, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ];
}

/**
 * Vite plugin: emits the icons into the build (before the service worker's precache list is made
 * from the output) and serves them from memory in development; links the favicon and the
 * apple-touch-icon in index.html.
 */
export function iconsPlugin(sourcePath = SOURCE_LOGO): Plugin {
  let rendered: Promise<Map<string, Buffer>> | undefined;
  const icons = () => (rendered ??= renderAllIcons(sourcePath));
  return {
    name: 'arcadia-icons',
    configureServer(server) {
      server.watcher.add(sourcePath);
      server.watcher.on('change', (file) => {
        if (path.resolve(file) === path.resolve(sourcePath)) rendered = undefined;
      });
      server.middlewares.use((req, res, next) => {
        const name = (req.url ?? '').split('?')[0]?.replace(/^\//, '') ?? '';
        if (!name.startsWith('icons/')) return next();
        icons()
          .then((files) => {
            const file = files.get(name);
            if (!file) return next();
            res.setHeader('content-type', name.endsWith('.svg') ? 'image/svg+xml' : 'image/png');
            res.end(file);
          })
          .catch(next);
      });
    },
    async generateBundle() {
      for (const [fileName, source] of await icons()) {
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
    transformIndexHtml() {
      return [
        {
          tag: 'link',
          attrs: { rel: 'icon', href: `/${FAVICON_FILE}`, type: 'image/svg+xml' },
          injectTo: 'head',
        },
        {
          tag: 'link',
          attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
          injectTo: 'head',
        },
      ];
    },
  };
}
