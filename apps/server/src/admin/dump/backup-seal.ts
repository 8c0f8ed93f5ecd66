import { createHash } from 'node:crypto';
import type fs from 'node:fs/promises';

/**
 * The last line a backup gets: a SQL comment (psql and PGlite skip it) with the SHA-256 and the
 * length of every byte before it. pg_dump's closing line shows that a file was not cut off; the
 * seal shows that nothing in the middle went missing or changed (a damaged disk, a bad copy).
 */
const SEAL = /\n-- arcadia backup sha256:([0-9a-f]{64}) bytes:(\d+)\n$/;
/** Long enough for the seal line and the newline before it, or a damaged, longer one. */
export const SEAL_MAX_BYTES = 512;

const sealLine = (sha256: string, bytes: number) =>
  `-- arcadia backup sha256:${sha256} bytes:${bytes}\n`;

/** SHA-256 of the first `length` bytes of an open file. */
async function hashOf(handle: fs.FileHandle, length: number): Promise<string> {
  const hash = createHash('sha256');
  const buffer = Buffer.alloc(1 << 20);
  for (let position = 0; position < length;) {
    const { bytesRead } = await handle.read(
      buffer,
      0,
      Math.min(buffer.length, length - position),
      position,
    );
    if (bytesRead === 0) break;
    hash.update(buffer.subarray(0, bytesRead));
    position += bytesRead;
  }
  return hash.digest('hex');
}

/** Appends the seal to a complete backup file, open for reading and writing. */
export async function sealBackup(handle: fs.FileHandle): Promise<void> {
  let { size } = await handle.stat();
  // The seal is a line of its own (pg_dump's script ends with a newline; PGlite's as well).
  const last = Buffer.alloc(1);
  if (size > 0) await handle.read(last, 0, 1, size - 1);
  if (size > 0 && last[0] !== 0x0a) {
    await handle.write('\n', size);
    size += 1;
  }
  await handle.write(sealLine(await hashOf(handle, size), size), size);
}

/**
 * Whether the file's seal matches its contents: 'intact', 'damaged', or 'unsealed' (a backup of
 * an older Arcadia, or a script pg_dump wrote by hand: its closing line is all there is to check).
 */
export async function sealOf(
  handle: fs.FileHandle,
  size: number,
): Promise<'intact' | 'damaged' | 'unsealed'> {
  const tail = Buffer.alloc(Math.min(size, SEAL_MAX_BYTES));
  await handle.read(tail, 0, tail.length, size - tail.length);
  const text = tail.toString('latin1');
  const seal = SEAL.exec(text);
  // A seal line that is there but not as written (a byte changed, a line added after it) is
  // damage, not a file without one.
  if (!seal) return /\n-- arcadia backup/i.test(text) ? 'damaged' : 'unsealed';
  const bytes = Number(seal[2]);
  // The sealed part ends with the newline before the seal line.
  if (bytes !== size - sealLine(seal[1]!, bytes).length) return 'damaged';
  return (await hashOf(handle, bytes)) === seal[1] ? 'intact' : 'damaged';
}
