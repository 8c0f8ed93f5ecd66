import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sealBackup } from './backup-seal';

/** A backup holds personal data: only its owner may read it. */
const BACKUP_FILE_MODE = 0o600;

/**
 * Creates `file` through a temporary file beside it (mode 0600, flushed to disk) that is renamed
 * only once `fill` has succeeded and the file is sealed (backup-seal.ts): a crash or failure
 * never leaves a half file under the final name, and an older backup there stays until the new
 * one is complete. A missing directory is created, only for its owner.
 */
export async function writeAtomically(
  file: string,
  fill: (handle: fs.FileHandle) => Promise<void>,
): Promise<{ bytes: number }> {
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(4).toString('hex')}.partial`,
  );
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  // 'wx+': created new, and read back for the seal.
  const handle = await fs.open(temp, 'wx+', BACKUP_FILE_MODE);
  let bytes: number;
  try {
    await fill(handle);
    await sealBackup(handle);
    await handle.sync();
    bytes = (await handle.stat()).size;
    await handle.close();
    await fs.rename(temp, file);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await fs.rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(path.dirname(file));
  return { bytes };
}

/** Makes a rename in the directory survive a power cut. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A path given on the command line, relative to where `npm run` was typed. */
export const cliPath = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
}
