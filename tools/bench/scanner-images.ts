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
  /**
   * Photographed, not printed at the size: the code drawn large and scaled down to `size`, so
   * modules are fractional and their edges grey (a phone photo), not whole pixels.
   */
  photo?: boolean;
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
      width: v.photo ? v.size * 10 : v.size,
      margin: 4,
      errorCorrectionLevel: 'M',
      color: { dark: `${hexOf(dark)}ff`, light: `${hexOf(light)}ff` },
    }),
  );
  if (v.photo)
    code = sharp(await code.resize(v.size, v.size, { kernel: 'cubic' }).png().toBuffer());
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

/**
 * The frame as a camera sees a bent or tilted card: every output pixel takes the source pixel
 * that `source` names (bilinear), the light background where that is outside the frame.
 */
function warp(
  frame: Frame,
  source: (x: number, y: number) => [number, number] | null,
  light: number,
): Frame {
  const { width, height, data } = frame;
  const out = new Uint8ClampedArray(data.length);
  const at = (x: number, y: number, c: number) =>
    x < 0 || y < 0 || x >= width || y >= height ? light : data[(y * width + x) * 4 + c]!;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const point = source(x - width / 2, y - height / 2);
      out[i + 3] = 255;
      if (!point) {
        out[i] = out[i + 1] = out[i + 2] = light;
        continue;
      }
      const sx = point[0] + width / 2;
      const sy = point[1] + height / 2;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      for (let c = 0; c < 3; c++) {
        const top = at(x0, y0, c) * (1 - fx) + at(x0 + 1, y0, c) * fx;
        const bottom = at(x0, y0 + 1, c) * (1 - fx) + at(x0 + 1, y0 + 1, c) * fx;
        out[i + c] = top * (1 - fy) + bottom * fy;
      }
    }
  }
  return { data: out, width, height };
}

/**
 * A card turned by `degrees` about its vertical axis, seen by a pinhole camera as far away as the
 * frame is wide: the far side shrinks (perspective, not a shear).
 */
export function tilted(frame: Frame, degrees: number, light = 255): Frame {
  const theta = (degrees * Math.PI) / 180;
  const f = frame.width;
  return warp(
    frame,
    (u, v) => {
      const denominator = f * Math.cos(theta) - u * Math.sin(theta);
      if (denominator <= 0) return null;
      const x = (u * f) / denominator;
      return [x, (v * (f + x * Math.sin(theta))) / f];
    },
    light,
  );
}

/** A label wrapped round a can of the given radius (pixels), seen from the front. */
export function curved(frame: Frame, radius: number, light = 255): Frame {
  return warp(
    frame,
    (u, v) => (Math.abs(u) >= radius ? null : [radius * Math.asin(u / radius), v]),
    light,
  );
}

/** The frame with a white margin of `pad` pixels all round (the file scan's hidden canvas). */
export function padded(frame: Frame, pad: number): Frame {
  const width = frame.width + 2 * pad;
  const height = frame.height + 2 * pad;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < frame.height; y++) {
    data.set(
      frame.data.subarray(y * frame.width * 4, (y + 1) * frame.width * 4),
      ((y + pad) * width + pad) * 4,
    );
  }
  return { data, width, height };
}

/** The frame at `scale` times its size, smoothly interpolated (as a canvas draws it). */
export async function scaled(frame: Frame, scale: number): Promise<Frame> {
  const { data, info } = await sharp(
    Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.byteLength),
    {
      raw: { width: frame.width, height: frame.height, channels: 4 },
    },
  )
    .resize(frame.width * scale, frame.height * scale, { kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}
