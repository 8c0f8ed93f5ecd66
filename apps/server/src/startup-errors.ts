import type { Config } from './config';
import { PgliteOpenError } from './db/pglite-open';

/** What Node and pg put on a failed system call or server answer. */
interface ErrorWithCode {
  code?: unknown;
  syscall?: unknown;
  address?: unknown;
  port?: unknown;
  path?: unknown;
  message?: unknown;
}

const CONNECT_FAILURES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** PostgreSQL's answers a wrong DATABASE_URL gets: no such database, role or password. */
const POSTGRES_REFUSALS = new Set(['3D000', '28P01', '28000']);
const FILE_FAILURES = new Set(['ENOTDIR', 'EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EISDIR']);

/**
 * One line naming the setting to fix for the usual ways a start fails outside the code (the port
 * taken, the database unreachable or refusing, the data folder unusable), instead of a stack
 * trace; undefined for anything else. Never prints DATABASE_URL itself (it may hold a password).
 */
export function startupProblem(
  error: unknown,
  config: Pick<Config, 'port' | 'host' | 'databaseUrl' | 'dataDir'>,
): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if (error instanceof PgliteOpenError) return `DATA_DIR: ${error.message}`;
  const { code, syscall, address, port, path, message } = error as ErrorWithCode;
  if (typeof code !== 'string') return undefined;
  if (syscall === 'listen' && code === 'EADDRINUSE')
    return `PORT: ${config.port} is in use by another process on ${config.host}`;
  if (
    syscall === 'listen' ||
    (syscall === 'getaddrinfo' && address === undefined && !config.databaseUrl)
  )
    return `HOST: cannot listen on ${config.host}:${config.port} (${code})`;
  if (config.databaseUrl && CONNECT_FAILURES.has(code)) {
    const at = typeof port === 'number' || typeof port === 'string' ? `:${port}` : '';
    const where = typeof address === 'string' ? ` at ${address}${at}` : '';
    return `DATABASE_URL: cannot connect to the PostgreSQL server${where} (${code})`;
  }
  if (config.databaseUrl && POSTGRES_REFUSALS.has(code) && typeof message === 'string')
    return `DATABASE_URL: the PostgreSQL server refused: ${message}`;
  if (FILE_FAILURES.has(code))
    return `DATA_DIR: cannot use ${config.dataDir} (${code}${typeof path === 'string' ? ` on ${path}` : ''})`;
  return undefined;
}
