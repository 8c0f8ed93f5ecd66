/**
 * Camera-like test frames of QR codes for the scanner benchmark: a code of a given size placed
 * on a white frame, optionally rotated, mirrored, blurred, low in contrast or noisy. Seeded, so
 * every run decodes the same pixels.
 */
import QRCode from 'qrcode';
import sharp from 'sharp';

export interface Frame {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export interface Variant {
  /** Side of the code (with its quiet zone) in pixels. */
  size: number;
  frame?: { width: number; height: number };
  rotate?: number;
  mirror?: boolean;
  blur?: number;
  /** Standard deviation of gaussian noise on 0..255. */
  noise?: number;
  /** Dark and light module grey levels (default 0 and 255). */
  contrast?: { dark: number; light: number };
}

/** Deterministic random numbers (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A payload like the ones Arcadia scans: user-card URLs and device codes. */
export function payload(random: () => number, index: number): string {
  const hex = (n: number) =>
    Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');
  if (index % 3 === 2) return `deviceId=arcade-${hex(4)};device-${hex(6)}`;
  return `https://arcadia.example/u/${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`;
}

function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export async function renderFrame(text: string, v: Variant, random: () => number): Promise<Frame> {
  const frame = v.frame ?? { width: 640, height: 480 };
  const dark = v.contrast?.dark ?? 0;
  const light = v.contrast?.light ?? 255;
  const hexOf = (g: number) => `#${g.toString(16).padStart(2, '0').repeat(3)}`;
  let code = sharp(
    await QRCode.toBuffer(text, {
      type: 'png',
      width: v.size,
      margin: 4,
      errorCorrectionLevel: 'M',
      color: { dark: `${hexOf(dark)}ff`, light: `${hexOf(light)}ff` },
    }),
  );
  if (v.mirror) code = code.flop();
  if (v.rotate) code = code.rotate(v.rotate, { background: hexOf(light) });
  let png = await code.png().toBuffer();
  const meta = await sharp(png).metadata();
  if ((meta.width ?? 0) > frame.width || (meta.height ?? 0) > frame.height) {
    png = await sharp(png)
      .resize(frame.width, frame.height, { fit: 'inside', background: hexOf(light) })
      .png()
      .toBuffer();
  }
  let image = sharp({
    create: { width: frame.width, height: frame.height, channels: 3, background: hexOf(light) },
  }).composite([{ input: png, gravity: 'centre' }]);
  if (v.blur) image = sharp(await image.png().toBuffer()).blur(v.blur);
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength);
  if (v.noise) {
    for (let i = 0; i < pixels.length; i += 4) {
      const n = gaussian(random) * v.noise;
      pixels[i] = pixels[i]! + n;
      pixels[i + 1] = pixels[i + 1]! + n;
      pixels[i + 2] = pixels[i + 2]! + n;
    }
  }
  return { data: pixels, width: info.width, height: info.height };
}

/** The frame mirrored left to right, as the scanner's flipped-image retry draws it. */
export function mirrored(frame: Frame): Frame {
  const { width, height, data } = frame;
  const out = new Uint8ClampedArray(data.length);
  const row = new Uint32Array(data.buffer, data.byteOffset, data.length / 4);
  const target = new Uint32Array(out.buffer);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) target[y * width + x] = row[y * width + (width - 1 - x)]!;
  }
  return { data: out, width, height };
}
