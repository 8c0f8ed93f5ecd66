/**
 * File mode: only image files are scanned. The file is decoded as it is; when that finds
 * nothing it is drawn on a canvas with a 100 px white margin (a quiet zone for images cropped
 * tight around the code), and mirrored when the flipped-image retry is on.
 */
import { FILE_SCAN_CANVAS_PADDING } from '@arcadia/contracts';
import type { Decoder } from './decoder';
import { ScannerError } from './messages';

const IMAGE_EXTENSION = /\.(png|jpe?g|gif|bmp|webp|avif|svg|ico|tiff?|heic|heif)$/i;

/** A file (not just any value), typed image/*, or named like one when the type is unknown. */
export function assertImageFile(file: unknown): asserts file is File {
  if (!(file instanceof File)) throw new ScannerError({ key: 'notAFile' });
  const isImage = file.type ? file.type.startsWith('image/') : IMAGE_EXTENSION.test(file.name);
  if (!isImage) throw new ScannerError({ key: 'notAnImage' });
}

async function paddedFrames(file: File, flip: boolean): Promise<ImageData[]> {
  if (typeof createImageBitmap !== 'function') return [];
  const bitmap = await createImageBitmap(file);
  try {
    const pad = FILE_SCAN_CANVAS_PADDING;
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width + 2 * pad;
    canvas.height = bitmap.height + 2 * pad;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return [];
    const frame = (mirrored: boolean) => {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.setTransform(mirrored ? -1 : 1, 0, 0, 1, mirrored ? canvas.width : 0, 0);
      ctx.drawImage(bitmap, pad, pad);
      return ctx.getImageData(0, 0, canvas.width, canvas.height);
    };
    return flip ? [frame(false), frame(true)] : [frame(false)];
  } finally {
    bitmap.close();
  }
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
  for (const frame of await paddedFrames(file, flipRetry)) {
    const text = await decoder.decode(frame);
    if (text !== null) return text;
  }
  return null;
}
