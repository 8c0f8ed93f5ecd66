import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  IDLE_FALLBACK_DELAY_MS,
  REGISTRATION_MAX_DELAY_MS,
  runWhenIdle,
  type IdleEnvironment,
} from './idle-start';

/** Timers are Vitest's fake timers; idle callbacks are held until the test says "idle now". */
function environment(options: { idle: boolean; loaded?: boolean }) {
  const idleCallbacks = new Map<number, () => void>();
  const loadCallbacks: Array<() => void> = [];
  let loaded = options.loaded ?? true;
  let nextHandle = 1;
  const env: IdleEnvironment = {
    setTimeout: (cb, ms) => setTimeout(cb, ms) as unknown as number,
    clearTimeout: (handle) => clearTimeout(handle),
    whenLoaded: (cb) => {
      if (loaded) {
        cb();
        return () => {};
      }
      loadCallbacks.push(cb);
      return () => loadCallbacks.splice(loadCallbacks.indexOf(cb), 1);
    },
    ...(options.idle
      ? {
          requestIdleCallback: (cb: () => void) => {
            const handle = nextHandle++;
            idleCallbacks.set(handle, cb);
            return handle;
          },
          cancelIdleCallback: (handle: number) => void idleCallbacks.delete(handle),
        }
      : {}),
  };
  return {
    env,
    becomeIdle: () => {
      for (const [handle, cb] of [...idleCallbacks]) {
        idleCallbacks.delete(handle);
        cb();
      }
    },
    load: () => {
      loaded = true;
      for (const cb of loadCallbacks.splice(0)) cb();
    },
    pendingIdle: () => idleCallbacks.size,
  };
}

describe('service worker registration timing (idle, or 30 s at the latest)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 30 s exactly', () => {
    expect(REGISTRATION_MAX_DELAY_MS).toBe(30_000);
  });

  it('runs as soon as the browser is idle, and only once', () => {
    const { env, becomeIdle, pendingIdle } = environment({ idle: true });
    const task = vi.fn();
    runWhenIdle(task, env);
    vi.advanceTimersByTime(5_000);
    expect(task).not.toHaveBeenCalled();
    becomeIdle();
    expect(task).toHaveBeenCalledTimes(1);
    // The 30 s fallback was cleared: nothing runs again.
    vi.advanceTimersByTime(60_000);
    expect(task).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(pendingIdle()).toBe(0);
  });

  it('runs after 30 s at the latest when the app never gets idle', () => {
    const { env, becomeIdle, pendingIdle } = environment({ idle: true });
    const task = vi.fn();
    runWhenIdle(task, env);
    vi.advanceTimersByTime(29_999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    // The idle callback was cancelled; a late idle period does not run it twice.
    expect(pendingIdle()).toBe(0);
    becomeIdle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('without requestIdleCallback, counts a moment after the load event as idle', () => {
    const { env, load } = environment({ idle: false, loaded: false });
    const task = vi.fn();
    runWhenIdle(task, env);
    vi.advanceTimersByTime(10_000);
    expect(task).not.toHaveBeenCalled();
    load();
    vi.advanceTimersByTime(IDLE_FALLBACK_DELAY_MS - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('without requestIdleCallback and a page that never finishes loading, still 30 s', () => {
    const { env } = environment({ idle: false, loaded: false });
    const task = vi.fn();
    runWhenIdle(task, env);
    vi.advanceTimersByTime(29_999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runNow runs at once (push turned on early) and never again', () => {
    const { env, becomeIdle } = environment({ idle: true });
    const task = vi.fn();
    const scheduled = runWhenIdle(task, env);
    scheduled.runNow();
    expect(task).toHaveBeenCalledTimes(1);
    becomeIdle();
    vi.advanceTimersByTime(30_000);
    scheduled.runNow();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('cancel drops it', () => {
    const { env, becomeIdle } = environment({ idle: true });
    const task = vi.fn();
    runWhenIdle(task, env).cancel();
    becomeIdle();
    vi.advanceTimersByTime(30_000);
    expect(task).not.toHaveBeenCalled();
  });

  it('uses the window: with the real timers of jsdom and no idle callback, after load', () => {
    // jsdom has no requestIdleCallback and its document is loaded: the fallback delay applies.
    const task = vi.fn();
    runWhenIdle(task);
    vi.advanceTimersByTime(IDLE_FALLBACK_DELAY_MS);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
