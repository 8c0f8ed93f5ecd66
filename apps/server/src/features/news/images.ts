import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pLimit, { type LimitFunction } from 'p-limit';
import sharp, { type Metadata } from 'sharp';
import { ASSET_UPLOAD_MAX_PIXELS, type ImageQuery } from '@arcadia/contracts';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../plugins/errors';
import { assetData, findAssetMeta, type AssetMeta } from './repository';

type Format = 'jpeg' | 'png' | 'webp';
const CONTENT_TYPES: Record<Format, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};
const EXTENSIONS: Record<Format, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
const formatOf = (contentType: string): Format | undefined =>
  (Object.keys(CONTENT_TYPES) as Format[]).find((f) => CONTENT_TYPES[f] === contentType);

/**
 * The largest image we store; bigger uploads are scaled down once, on the way in. The height
 * too: every resize of a stored image decodes all of it, and a 2400 × 20800 upload cost 100 ms
 * of CPU per anonymous variant request.
 */
const STORED_WIDTH_MAX = 2400;
const STORED_HEIGHT_MAX = 4800;
const INPUT_PIXELS_MAX = ASSET_UPLOAD_MAX_PIXELS;

/**
 * An uploaded header image as we store it: jpeg, png and webp stay as they are unless too wide;
 * anything else sharp reads becomes a jpeg. The file name is derived from the given name.
 */
export async function normalizeImage(data: Buffer, name: string) {
  let meta: Metadata;
  try {
    // The header only (nothing is decoded), so its size can be said before the limit refuses it.
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest('The image cannot be read', [
      { path: 'image', message: 'is not an image sharp can read' },
    ]);
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels > INPUT_PIXELS_MAX) {
    throw new AppError(
      400,
      'image_too_many_pixels',
      `The image has ${meta.width} × ${meta.height} pixels (${Math.round(pixels / 1e6)} megapixels); at most ${INPUT_PIXELS_MAX / 1e6} megapixels`,
      [{ path: 'image', message: `must have at most ${INPUT_PIXELS_MAX / 1e6} megapixels` }],
    );
  }
  const base =
    name
      .replace(/\.[^.]*$/, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'image';
  const format = meta.format;
  const keep =
    (format === 'jpeg' || format === 'png' || format === 'webp') &&
    (meta.width ?? 0) <= STORED_WIDTH_MAX &&
    (meta.height ?? 0) <= STORED_HEIGHT_MAX &&
    (meta.orientation ?? 1) === 1;
  if (keep) {
    return {
      fileName: `${base}.${EXTENSIONS[format]}`,
      contentType: CONTENT_TYPES[format],
      width: meta.width,
      height: meta.height,
      data,
    };
  }
  const { data: converted, info } = await sharp(data, { limitInputPixels: INPUT_PIXELS_MAX })
    .rotate()
    .resize({
      width: STORED_WIDTH_MAX,
      height: STORED_HEIGHT_MAX,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .jpeg({ quality: 90 })
    .toBuffer({ resolveWithObject: true });
  return {
    fileName: `${base}.jpg`,
    contentType: CONTENT_TYPES.jpeg,
    width: info.width,
    height: info.height,
    data: converted,
  };
}

interface Variant {
  format: Format;
  width: number | undefined;
  quality: number | undefined;
  progressive: boolean;
  /** The stored bytes as they are. */
  original: boolean;
}

const DEFAULT_QUALITY = 80;

/** What the query asks for, normalised so equal outputs share one cache entry. */
function variantOf(asset: AssetMeta, query: ImageQuery): Variant {
  const source = formatOf(asset.contentType) ?? 'jpeg';
  const format: Format = query.fm === 'jpg' ? 'jpeg' : (query.fm ?? source);
  // Never enlarged: a width at or above the original's means the original width.
  const width = query.w !== undefined && query.w < (asset.width ?? Infinity) ? query.w : undefined;
  const progressive = format === 'jpeg' && query.fl === 'progressive';
  const quality = format === 'png' ? undefined : (query.q ?? DEFAULT_QUALITY);
  const original =
    format === source && width === undefined && !progressive && query.q === undefined;
  return { format, width, quality, progressive, original };
}

/** No transform slot free and the queue full: the route answers 503 with Retry-After. */
export class ImageVariantsBusy extends Error {
  constructor() {
    super('Too many images are being made; try again in a moment');
  }
}

export interface ImageAnswer {
  data: Buffer;
  etag: string;
  contentType: string;
}

/**
 * Header images at the size and format a client asks for (`?fm=jpg&fl=progressive&q=50&w=1000`),
 * made with sharp once and then served from a disk cache under `<dataDir>/cache/images`.
 * Assets never change (a new image is a new asset), so a cached file stays valid for good.
 */
export class ImageVariants {
  private readonly etags = new Map<string, string>();
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  /** At most `concurrency` transforms at once: the machine's cores are shared. */
  private readonly limited: LimitFunction;
  private files: number | undefined;
  private bytes = 0;
  /** Requests past the check whose `admit` has not answered yet. */
  private admitting = 0;

  /**
   * `maxFiles` and `maxBytes` bound the disk cache: anyone may ask for any variant (up to
   * 2000 widths × 100 qualities × 3 formats of every image), and a png of a wide photo is over
   * a megabyte, so a bound on the number of files alone let anonymous requests fill gigabytes.
   * `concurrency` transforms run at once and `waiting` more wait for a turn; beyond that a new
   * variant is refused at once (ImageVariantsBusy), so a flood of new variants cannot queue up
   * minutes of work ahead of the variants players ask for.
   */
  constructor(
    private readonly db: Db,
    readonly dir: string,
    private readonly options: {
      maxFiles: number;
      maxBytes: number;
      concurrency: number;
      waiting: number;
    } = {
      maxFiles: 5000,
      maxBytes: 512 * 1024 * 1024,
      concurrency: 2,
      waiting: 8,
    },
  ) {
    this.limited = pLimit(options.concurrency);
  }

  /**
   * The image as asked for. `admit` runs before a variant not on disk and not being made is
   * made (the route's per-client limit) and may throw to refuse it; the stored original never
   * counts.
   */
  async get(
    id: string,
    fileName: string,
    query: ImageQuery,
    admit: () => Promise<void> = async () => undefined,
  ): Promise<ImageAnswer> {
    const asset = await findAssetMeta(this.db, id);
    if (!asset || asset.fileName !== fileName) throw notFound('There is no such image');
    const variant = variantOf(asset, query);
    const key = variant.original
      ? `${asset.id}-original`
      : `${asset.id}-${variant.format}-w${variant.width ?? 0}-q${variant.quality ?? 0}-${variant.progressive ? 'p' : 'b'}`;
    const file = path.join(this.dir, `${key}.${EXTENSIONS[variant.format]}`);
    const data = await this.cached(key, file, variant.original ? undefined : admit, () =>
      this.render(asset, variant),
    );
    let etag = this.etags.get(key);
    if (!etag) {
      etag = `"${createHash('sha256').update(data).digest('base64url').slice(0, 32)}"`;
      if (this.etags.size >= 10_000) this.etags.clear();
      this.etags.set(key, etag);
    }
    return { data, etag, contentType: CONTENT_TYPES[variant.format] };
  }

  private async cached(
    key: string,
    file: string,
    admit: (() => Promise<void>) | undefined,
    make: () => Promise<Buffer>,
  ): Promise<Buffer> {
    try {
      return await fs.readFile(file);
    } catch {
      // not cached yet
    }
    let pending = this.inFlight.get(key);
    if (!pending && admit) {
      // A request being admitted holds its place: several checked at once would otherwise all
      // pass while `admit` runs and overfill the queue.
      const places = this.options.concurrency + this.options.waiting;
      if (this.limited.activeCount + this.limited.pendingCount + this.admitting >= places)
        throw new ImageVariantsBusy();
      this.admitting += 1;
      try {
        await admit();
      } finally {
        this.admitting -= 1;
      }
      // Another request may have begun it while this one was admitted.
      pending = this.inFlight.get(key);
    }
    if (!pending) {
      pending = this.limited(make)
        .then(async (data) => {
          await this.store(file, data);
          return data;
        })
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async render(asset: AssetMeta, variant: Variant): Promise<Buffer> {
    const data = await assetData(this.db, asset.id);
    if (!data) throw notFound('There is no such image');
    if (variant.original) return data;
    let image = sharp(data, { limitInputPixels: INPUT_PIXELS_MAX }).rotate();
    if (variant.width) image = image.resize({ width: variant.width, withoutEnlargement: true });
    switch (variant.format) {
      case 'jpeg':
        image = image.jpeg({ quality: variant.quality, progressive: variant.progressive });
        break;
      case 'webp':
        image = image.webp({ quality: variant.quality });
        break;
      case 'png':
        image = image.png({ compressionLevel: 9 });
        break;
    }
    return image.toBuffer();
  }

  /** Atomic write (temp file, then rename), then keeps the folder below its file limit. */
  private async store(file: string, data: Buffer): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(temp, data);
    await fs.rename(temp, file);
    if (this.files === undefined) {
      // First write of this process: count what earlier runs (or other processes) left.
      const stats = await this.listed();
      this.files = stats.length;
      this.bytes = stats.reduce((sum, s) => sum + s.size, 0);
    } else {
      this.files += 1;
      this.bytes += data.length;
    }
    if (this.files > this.options.maxFiles || this.bytes > this.options.maxBytes)
      await this.prune();
  }

  private async listed(): Promise<Array<{ full: string; mtime: number; size: number }>> {
    const names = await fs.readdir(this.dir);
    return Promise.all(
      names.map(async (name) => {
        const full = path.join(this.dir, name);
        const stat = await fs.stat(full).catch(() => undefined);
        return { full, mtime: stat?.mtimeMs ?? 0, size: stat?.size ?? 0 };
      }),
    );
  }

  /**
   * Drops the least recently written files until the cache is at most nine tenths of both
   * limits (any variant can be made again).
   */
  private async prune(): Promise<void> {
    const stats = await this.listed();
    stats.sort((a, b) => a.mtime - b.mtime);
    const keepFiles = Math.floor(this.options.maxFiles * 0.9);
    const keepBytes = Math.floor(this.options.maxBytes * 0.9);
    let files = stats.length;
    let bytes = stats.reduce((sum, s) => sum + s.size, 0);
    let dropped = 0;
    while (dropped < stats.length && (dropped === 0 || files > keepFiles || bytes > keepBytes)) {
      files -= 1;
      bytes -= stats[dropped]!.size;
      dropped += 1;
    }
    await Promise.all(stats.slice(0, dropped).map((s) => fs.rm(s.full, { force: true })));
    this.files = files;
    this.bytes = bytes;
    this.etags.clear();
  }
}
