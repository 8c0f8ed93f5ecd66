import fs from 'node:fs';
import path from 'node:path';

/**
 * WASI's errno numbers, which PGlite's file system errors carry (`ErrnoError { errno: 51 }`)
 * instead of Node's codes.
 */
const WASI_ERRNO: Record<number, string> = {
  2: 'EACCES',
  20: 'EEXIST',
  29: 'EIO',
  31: 'EISDIR',
  44: 'ENOENT',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  63: 'EPERM',
  69: 'EROFS',
};

/**
 * Opening a database writes a new WAL segment (16 MB): with less room than this left, PGlite
 * fails with no more than "failed to initialize properly".
 */
const ROOM_TO_OPEN_BYTES = 32 * 1024 * 1024;

/** Bytes free on the disk holding `dir` (or its nearest existing parent); undefined if unknown. */
function freeBytes(dir: string): number | undefined {
  let at = dir;
  while (!fs.existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  try {
    const stats = fs.statfsSync(at);
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
}

/** Whether the folder holds a database: PostgreSQL writes PG_VERSION into every data folder. */
const holdsPgliteDatabase = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));

/** PGlite could not open or make its data folder; the message says why and what to do. */
export class PgliteOpenError extends Error {
  constructor(
    message: string,
    /** Node's name of the file system error (ENOSPC, EACCES, …), when there was one. */
    readonly code: string | undefined,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'PgliteOpenError';
  }
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  if (typeof code === 'string') return code;
  return typeof errno === 'number' ? WASI_ERRNO[errno] : undefined;
}

/**
 * The error of a failed open of the PGlite folder `dir`, in words an operator can act on.
 * `removedHalfMade`: the folder was made by this open and removed again (nothing was stored in
 * it), so the next start begins afresh once the cause is fixed.
 */
export function pgliteOpenError(
  error: unknown,
  dir: string,
  removedHalfMade: boolean,
): PgliteOpenError {
  const free = freeBytes(dir);
  const code =
    codeOf(error) ?? (free !== undefined && free < ROOM_TO_OPEN_BYTES ? 'ENOSPC' : undefined);
  const what =
    code === 'ENOSPC'
      ? `the disk is full (ENOSPC${free === undefined ? '' : `, ${Math.floor(free / 1024 / 1024)} MB free`}; opening a database needs about ${ROOM_TO_OPEN_BYTES / 1024 / 1024} MB): free space, then try again`
      : code
        ? `${code} on a file in it`
        : error instanceof Error
          ? error.message
          : String(error);
  const after = removedHalfMade
    ? '; the half-made database folder of this first start was removed'
    : !holdsPgliteDatabase(dir) && fs.existsSync(dir)
      ? `; ${dir} holds no database (no PG_VERSION: a first start or restore stopped half-way), remove it and try again`
      : code === 'ENOSPC'
        ? ''
        : '; if it cannot be opened again, restore the latest backup into a new DATA_DIR (docs/backups.md)';
  return new PgliteOpenError(
    `the PGlite database in ${dir} could not be opened: ${what}${after}`,
    code,
    { cause: error },
  );
}
