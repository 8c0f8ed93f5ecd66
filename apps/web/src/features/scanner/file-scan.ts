/**
 * File mode: only image files are scanned. The file is decoded as it is; when that finds
 * nothing it is drawn on a canvas with a 100 px white margin (a quiet zone for images cropped
 * tight around the code), and mirrored when the flipped-image retry is on. A small image (a
 * phone photo of about 240 px, where a module is one or two soft pixels) that still reads
 * nothing is drawn once more at twice its size, which the camera gets for free when it films
 * the same code closer (tools/bench/scanner.bench.ts measures both, and the time per file).
 */
import {
  FILE_SCAN_CANVAS_PADDING,
  FILE_SCAN_SMALL_SCALE,
  FILE_SCAN_SMALL_SIDE,
} from '@arcadia/contracts';
import type { Decoder } from './decoder';
import { ScannerError } from './messages';

const IMAGE_EXTENSION = /\.(png|jpe?g|gif|bmp|webp|avif|svg|ico|tiff?|heic|heif)$/i;

/** A file (not just any value), typed image/*, or named like one when the type is unknown. */
export function assertImageFile(file: unknown): asserts file is File {
  if (!(file instanceof File)) throw new ScannerError({ key: 'notAFile' });
  const isImage = file.type ? file.type.startsWith('image/') : IMAGE_EXTENSION.test(file.name);
  if (!isImage) throw new ScannerError({ key: 'notAnImage' });
}

/**
 * The attempts after the file as it is, in order: on the margin (and mirrored with the flipped
 * retry), then a small image at 2×, not mirrored (a mirrored photo is rare, and the larger
 * decode is the costly one: a file that reads nothing stays within its 200 ms).
 */
export function retryPlan(
  width: number,
  height: number,
  flip: boolean,
): Array<{ scale: number; mirrored: boolean }> {
  const plan = [{ scale: 1, mirrored: false }];
  if (flip) plan.push({ scale: 1, mirrored: true });
  if (Math.max(width, height) <= FILE_SCAN_SMALL_SIDE) {
    plan.push({ scale: FILE_SCAN_SMALL_SCALE, mirrored: false });
  }
  return plan;
}

/** The bitmap on white with the padding around it, scaled and mirrored as asked. */
function paddedFrame(
  bitmap: ImageBitmap,
  { scale, mirrored }: { scale: number; mirrored: boolean },
): HTMLCanvasElement | null {
  const pad = FILE_SCAN_CANVAS_PADDING;
  const width = bitmap.width * scale;
  const height = bitmap.height * scale;
  const canvas = document.createElement('canvas');
  canvas.width = width + 2 * pad;
  canvas.height = height + 2 * pad;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.setTransform(mirrored ? -1 : 1, 0, 0, 1, mirrored ? canvas.width : 0, 0);
  ctx.drawImage(bitmap, pad, pad, width, height);
  return canvas;
}

/** The code in an image file, or null when there is none. */
export async function scanImageFile(
  file: File,
  decoder: Decoder,
  { flipRetry }: { flipRetry: boolean },
): Promise<string | null> {
  assertImageFile(file);
  const direct = await decoder.decodeFile(file);
  if (direct !== null) return direct;
  if (typeof createImageBitmap !== 'function') return null;
  const bitmap = await createImageBitmap(file);
  try {
    for (const attempt of retryPlan(bitmap.width, bitmap.height, flipRetry)) {
      const frame = paddedFrame(bitmap, attempt);
      if (!frame) return null;
      const text = await decoder.decode(frame);
      if (text !== null) return text;
    }
    return null;
  } finally {
    bitmap.close();
  }
}
