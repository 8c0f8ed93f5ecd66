/**
 * Whether an error means the database cannot be reached right now (PostgreSQL restarting, down,
 * or every connection busy past the connect timeout) rather than that the query was wrong: the
 * API answers those 503 `database_unavailable` with Retry-After instead of 500.
 */

/** Socket errors of the connection to the database. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs: class 08 (connection exception: 08001 cannot connect, 08006 connection failure, ...),
 * 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting or stopping), and
 * class 53 (insufficient resources: 53100 disk_full, 53200 out_of_memory, 53300
 * too_many_connections): a full disk refuses writes until space returns, and a device that got
 * 500 for it stopped retrying its report.
 */
const SQL_STATES = /^(08[0-9A-Z]{3}|57P0[123]|53[0-9A-Z]{3})$/;

/**
 * What node-postgres and pg-pool say when a connection ends or cannot be had in time, or a query
 * got no answer (`query_timeout`, db/client.ts: the network to the server went silent).
 */
const DRIVER_MESSAGES =
  /(No space left on device)|^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end on the pool|Query read timeout)/;

function matches(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQL_STATES.test(code))) return true;
  return typeof message === 'string' && DRIVER_MESSAGES.test(message);
}

/** The error, its causes (Drizzle wraps the driver's error) and aggregated errors, until one matches. */
function anyOf(error: unknown, test: (error: unknown) => boolean): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const next = queue.shift();
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    if (test(next)) return true;
    const { cause, errors } = next as { cause?: unknown; errors?: unknown };
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...(errors as unknown[]));
  }
  return false;
}

/** Looks at the error, its causes (Drizzle wraps the driver's error) and aggregated errors. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return anyOf(error, matches);
}

/** A write refused for a full disk (53100 disk_full, ENOSPC): readiness says so for a while. */
export function isStorageFull(error: unknown): boolean {
  return anyOf(error, (e) => {
    if (typeof e !== 'object' || e === null) return false;
    const { code, message } = e as { code?: unknown; message?: unknown };
    return (
      code === '53100' ||
      code === 'ENOSPC' ||
      (typeof message === 'string' && message.includes('No space left on device'))
    );
  });
}
