import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { brandRoutes, LOGO_SVG } from '.';

const WEB_LOGO = path.resolve(import.meta.dirname, '../../../../web/assets-src/logo.svg');

describe('brand', () => {
  it("keeps the server's logo the same as the web app's one source of every icon", () => {
    expect(LOGO_SVG).toBe(fs.readFileSync(WEB_LOGO, 'utf8'));
  });

  it('answers /favicon.ico with the app icon: an ICO of 32 and 64 px PNGs', async () => {
    const app = Fastify();
    await app.register(brandRoutes);
    const res = await app.inject({ method: 'GET', url: '/favicon.ico' });
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    expect(res.headers['cache-control']).toContain('max-age');
    const ico = res.rawPayload;
    expect(ico.readUInt16LE(2)).toBe(1); // an icon
    expect(ico.readUInt16LE(4)).toBe(2); // two images
    const sizes = [];
    for (let i = 0; i < 2; i++) {
      const entry = 6 + 16 * i;
      const png = ico.subarray(
        ico.readUInt32LE(entry + 12),
        ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8),
      );
      const meta = await sharp(png).metadata();
      expect(meta.format).toBe('png');
      expect([meta.width, meta.height]).toEqual([ico[entry], ico[entry + 1]]);
      sizes.push(meta.width);
      // The dark tile in the corner, the neon glyph in the middle: not a blank image.
      const { dominant } = await sharp(png).stats();
      expect(dominant.r + dominant.g + dominant.b).toBeLessThan(200);
    }
    expect(sizes).toEqual([32, 64]);
  });
});
