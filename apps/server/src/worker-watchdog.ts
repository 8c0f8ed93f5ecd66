/**
 * A worker whose event loop stops (an endless loop, a stopped process, a native call that never
 * returns) keeps its share of the listening socket: node:cluster goes on handing it connections,
 * and every one of them hangs. Only an exit tells the primary, so the primary asks each listening
 * worker over IPC every few seconds, and a worker that has not answered for `timeoutMs` is killed
 * (SIGKILL: it cannot run a shutdown) and, by the exit handler, replaced.
 */

const PING = 'arcadia:watchdog-ping';
const PONG = 'arcadia:watchdog-pong';

/** What the watchdog needs of a cluster worker (node:cluster's Worker has all of it). */
export interface WatchedWorker {
  id: number;
  process: { pid?: number | undefined; kill(signal?: NodeJS.Signals): boolean };
  send(message: unknown): boolean;
  isDead(): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

export interface WatchdogOptions {
  /** No answer for this long: the worker is killed. */
  timeoutMs: number;
  /** Between pings (a fraction of the timeout). */
  intervalMs: number;
  onUnresponsive: (worker: WatchedWorker, silentMs: number) => void;
  now?: () => number;
}

/** In a worker: answer the primary's pings from the event loop (nothing else to do). */
export function answerWatchdog(): void {
  process.on('message', (message: unknown) => {
    if (
      typeof message === 'object' &&
      message !== null &&
      (message as { type?: unknown }).type === PING
    )
      process.send?.({ type: PONG });
  });
}

/** In the primary: watch workers from when they listen; `stop` ends the pings. */
export function startWatchdog(options: WatchdogOptions) {
  const now = options.now ?? Date.now;
  const lastAnswer = new Map<number, number>();
  const workers = new Map<number, WatchedWorker>();
  const timer = setInterval(() => {
    const at = now();
    for (const [id, worker] of workers) {
      if (worker.isDead()) {
        workers.delete(id);
        lastAnswer.delete(id);
        continue;
      }
      const silent = at - (lastAnswer.get(id) ?? at);
      if (silent >= options.timeoutMs) {
        workers.delete(id);
        lastAnswer.delete(id);
        options.onUnresponsive(worker, silent);
        worker.process.kill('SIGKILL');
        continue;
      }
      try {
        worker.send({ type: PING });
      } catch {
        // The channel closed: the worker is on its way out, and its exit is handled.
      }
    }
  }, options.intervalMs);
  timer.unref();
  return {
    /** Starts watching a worker that is serving (its answers count from now). */
    watch(worker: WatchedWorker): void {
      workers.set(worker.id, worker);
      lastAnswer.set(worker.id, now());
      worker.on('message', (message) => {
        if (
          typeof message === 'object' &&
          message !== null &&
          (message as { type?: unknown }).type === PONG &&
          workers.has(worker.id)
        )
          lastAnswer.set(worker.id, now());
      });
    },
    stop(): void {
      clearInterval(timer);
      workers.clear();
    },
  };
}
