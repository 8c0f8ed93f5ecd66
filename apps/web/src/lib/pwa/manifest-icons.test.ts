// @vitest-environment node
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ICON_BACKGROUND, ICONS, renderAllIcons } from '../../../build/icons';
import { webAppManifest } from '../../../build/pwa';
import { NOTIFICATION_ASSETS } from './sw-protocol';

let files: Map<string, Buffer>;
beforeAll(async () => {
  files = await renderAllIcons();
}, 30_000);

const pixel = async (png: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [...data.subarray(i, i + info.channels)];
};
/** Same colour within rounding (gradients and resampling differ by a unit or two). */
const close = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 2);
const rgb = (color: string) => [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));

describe('the web app manifest', () => {
  const manifest = webAppManifest();

  it('has what an installable app needs, in the dark arcade theme', () => {
    expect(manifest).toMatchObject({
      name: 'Arcadia',
      short_name: 'Arcadia',
      start_url: '/home',
      scope: '/',
      display: 'standalone',
      lang: 'de',
      theme_color: '#0b0b1a',
      background_color: '#0b0b1a',
    });
    expect(manifest.description).toBeTruthy();
    const icons = manifest.icons ?? [];
    const has = (sizes: string, purpose: string) =>
      icons.some((i) => i.sizes === sizes && i.purpose === purpose && i.type === 'image/png');
    expect(has('192x192', 'any')).toBe(true);
    expect(has('512x512', 'any')).toBe(true);
    expect(has('192x192', 'maskable')).toBe(true);
    expect(has('512x512', 'maskable')).toBe(true);
  });

  it('names only icons the build makes', () => {
    for (const icon of manifest.icons ?? []) {
      expect(files.has(icon.src.replace(/^\//, '')), icon.src).toBe(true);
    }
    for (const shortcut of manifest.shortcuts ?? []) {
      for (const icon of shortcut.icons ?? []) expect(files.has(icon.src.slice(1))).toBe(true);
    }
    expect(files.has(NOTIFICATION_ASSETS.icon.slice(1))).toBe(true);
    expect(files.has(NOTIFICATION_ASSETS.badge.slice(1))).toBe(true);
  });
});

describe('icons generated from the one source image', () => {
  it('has every size it says, as PNG', async () => {
    for (const spec of ICONS) {
      const meta = await sharp(files.get(spec.fileName)).metadata();
      expect([meta.format, meta.width, meta.height], spec.fileName).toEqual([
        'png',
        spec.size,
        spec.size,
      ]);
    }
  });

  it('maskable icons fill the whole square with the background (the launcher cuts its shape)', async () => {
    const png = files.get('icons/maskable-512.png')!;
    for (const [x, y] of [
      [0, 0],
      [511, 0],
      [0, 511],
      [511, 511],
      [256, 6],
    ] as const) {
      const [, , , alpha] = await pixel(png, x, y);
      expect(alpha, `${x},${y}`).toBe(255);
    }
    // The glyph stays inside the safe circle (radius 40 %): on a ring just outside it every pixel
    // is the plain (vertical gradient) background of its row.
    for (let step = 0; step < 32; step++) {
      const angle = (step / 32) * 2 * Math.PI;
      const x = Math.round(256 + Math.cos(angle) * 0.41 * 512);
      const y = Math.round(256 + Math.sin(angle) * 0.41 * 512);
      expect(close(await pixel(png, x, y), await pixel(png, 1, y)), `${x},${y}`).toBe(true);
    }
  });

  it('"any" icons are a rounded tile: transparent corners, the glyph in the middle', async () => {
    const png = files.get('icons/icon-512.png')!;
    expect((await pixel(png, 0, 0))[3]).toBe(0);
    expect((await pixel(png, 256, 256))[3]).toBe(255);
  });

  it('the apple-touch-icon has no transparency and the theme background', async () => {
    const png = files.get('icons/apple-touch-icon.png')!;
    const meta = await sharp(png).metadata();
    expect(meta.hasAlpha).toBe(false);
    expect(close(await pixel(png, 2, 177), rgb(ICON_BACKGROUND))).toBe(true);
  });

  it('the notification badge is a white silhouette on transparency', async () => {
    const { data, info } = await sharp(files.get('icons/badge-96.png'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    let opaque = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      if (data[i + 3]! > 0) {
        opaque++;
        expect([data[i], data[i + 1], data[i + 2]]).toEqual([255, 255, 255]);
      }
    }
    expect(opaque).toBeGreaterThan(96 * 96 * 0.1);
    expect(opaque).toBeLessThan(96 * 96 * 0.8);
  });
});
