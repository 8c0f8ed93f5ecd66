/** The service worker registers once the app is idle after start, or after 30 s at the latest (spec §9). */
export const REGISTRATION_MAX_DELAY_MS = 30_000;
/** Without requestIdleCallback (Safari): this long after the page's load event counts as idle. */
export const IDLE_FALLBACK_DELAY_MS = 1_000;

/** The timer functions used (the window's; tests pass fakes or use fake timers). */
export interface IdleEnvironment {
  requestIdleCallback?: (callback: () => void) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout: (callback: () => void, ms: number) => number;
  clearTimeout: (handle: number) => void;
  /** Calls back once the document has loaded (at once when it already has). */
  whenLoaded: (callback: () => void) => () => void;
}

export function browserIdleEnvironment(win: Window = window): IdleEnvironment {
  return {
    requestIdleCallback:
      typeof win.requestIdleCallback === 'function'
        ? (cb) => win.requestIdleCallback(() => cb())
        : undefined,
    cancelIdleCallback:
      typeof win.cancelIdleCallback === 'function'
        ? (handle) => win.cancelIdleCallback(handle)
        : undefined,
    setTimeout: (cb, ms) => win.setTimeout(cb, ms),
    clearTimeout: (handle) => win.clearTimeout(handle),
    whenLoaded: (cb) => {
      if (win.document.readyState === 'complete') {
        cb();
        return () => {};
      }
      win.addEventListener('load', cb, { once: true });
      return () => win.removeEventListener('load', cb);
    },
  };
}

/**
 * Runs `task` exactly once: when the browser is first idle after start, or after `maxDelayMs`
 * at the latest, whichever comes first. Returns a function that runs it now instead (if it has
 * not run yet); `cancel` drops it.
 */
export function runWhenIdle(
  task: () => void,
  env: IdleEnvironment = browserIdleEnvironment(),
  maxDelayMs = REGISTRATION_MAX_DELAY_MS,
): { runNow: () => void; cancel: () => void } {
  let done = false;
  const cleanups: Array<() => void> = [];
  const cancel = () => {
    done = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
  const fire = () => {
    if (done) return;
    cancel();
    task();
  };

  const latest = env.setTimeout(fire, maxDelayMs);
  cleanups.push(() => env.clearTimeout(latest));

  if (env.requestIdleCallback) {
    const idle = env.requestIdleCallback(fire);
    cleanups.push(() => env.cancelIdleCallback?.(idle));
  } else {
    let fallback: number | undefined;
    const stopWaiting = env.whenLoaded(() => {
      fallback = env.setTimeout(fire, IDLE_FALLBACK_DELAY_MS);
    });
    cleanups.push(stopWaiting, () => {
      if (fallback !== undefined) env.clearTimeout(fallback);
    });
  }
  return { runNow: fire, cancel };
}
