import sharp from 'sharp';
import { LOGO_SVG } from './logo';

/** The dark tile behind the glyph, as the app's `any` icons have it (apps/web/build/icons.ts). */
const TILE_TOP = '#17173f';
const TILE_BOTTOM = '#0b0b1a';
const SIZES = [32, 64] as const;

async function iconPng(size: number): Promise<Buffer> {
  const glyphSize = Math.round(size * 0.8);
  const glyph = await sharp(Buffer.from(LOGO_SVG), { density: Math.max(72, (72 * size * 2) / 512) })
    .resize(glyphSize, glyphSize)
    .png()
    .toBuffer();
  const radius = Math.round(size * 0.22);
  const tile = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">` +
      `<stop offset="0" stop-color="${TILE_TOP}"/><stop offset="1" stop-color="${TILE_BOTTOM}"/>` +
      `</linearGradient></defs><rect width="${size}" height="${size}" rx="${radius}" fill="url(#g)"/></svg>`,
  );
  const offset = Math.round((size - glyphSize) / 2);
  return sharp(tile)
    .composite([{ input: glyph, left: offset, top: offset }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An ICO file holding PNG images (every browser since IE 9 reads those). */
export function icoOf(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

/** The app's icon as /favicon.ico: the logo on its dark tile, 32 and 64 px. */
export async function renderFavicon(): Promise<Buffer> {
  return icoOf(await Promise.all(SIZES.map(async (size) => ({ size, png: await iconPng(size) }))));
}
