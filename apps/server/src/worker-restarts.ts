/** Restarts of a worker that died soon after starting: more in a row means a broken start. */
export const MAX_QUICK_RESTARTS = 5;
/** A worker that dies within this long of its start died "at start". */
export const QUICK_MS = 10_000;
/** The longest wait between tries while a worker cannot start and the others serve. */
export const RESTART_BACKOFF_MAX_MS = 30_000;

export type RestartDecision =
  { action: 'fork' } | { action: 'retry-later'; delayMs: number } | { action: 'give-up' };

/**
 * What the primary does when a worker exits. A start that keeps failing (say, the build being
 * replaced under the running servers) is tried again later, each wait twice the last, while
 * other workers still serve: giving up would take them down too. With none left it gives up,
 * so the supervisor (systemd, the container runtime) sees the failure.
 */
export function restartDecision(quickRestarts: number, othersAlive: number): RestartDecision {
  if (quickRestarts <= MAX_QUICK_RESTARTS) return { action: 'fork' };
  if (othersAlive === 0) return { action: 'give-up' };
  const delayMs = Math.min(
    RESTART_BACKOFF_MAX_MS,
    1000 * 2 ** (quickRestarts - MAX_QUICK_RESTARTS - 1),
  );
  return { action: 'retry-later', delayMs };
}
