import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startWatchdog, type WatchedWorker } from './worker-watchdog';

/** A worker that answers pings while `alive`, and records the signal it was killed with. */
function fakeWorker(id: number) {
  const events = new EventEmitter();
  const state = { alive: true, killed: undefined as NodeJS.Signals | undefined, pings: 0 };
  const worker: WatchedWorker = {
    id,
    process: {
      pid: 1000 + id,
      kill: (signal) => {
        state.killed = signal;
        return true;
      },
    },
    send: (message) => {
      state.pings += 1;
      if (state.alive && (message as { type: string }).type === 'arcadia:watchdog-ping')
        queueMicrotask(() => events.emit('message', { type: 'arcadia:watchdog-pong' }));
      return true;
    },
    isDead: () => state.killed !== undefined,
    on: (event, listener) => events.on(event, listener),
  };
  return { worker, state };
}

describe('the worker watchdog (primary)', () => {
  afterEach(() => vi.useRealTimers());

  it('kills a worker that stops answering, not one that answers', async () => {
    vi.useFakeTimers();
    const unresponsive: number[] = [];
    const watchdog = startWatchdog({
      timeoutMs: 1_000,
      intervalMs: 250,
      onUnresponsive: (worker) => unresponsive.push(worker.id),
    });
    const healthy = fakeWorker(1);
    const stuck = fakeWorker(2);
    watchdog.watch(healthy.worker);
    watchdog.watch(stuck.worker);
    // Both answer for a while.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(unresponsive).toEqual([]);
    // One stops (an endless loop, SIGSTOP): killed once its silence reaches the timeout.
    stuck.state.alive = false;
    await vi.advanceTimersByTimeAsync(750);
    expect(stuck.state.killed).toBeUndefined();
    await vi.advanceTimersByTimeAsync(500);
    expect(stuck.state.killed).toBe('SIGKILL');
    expect(unresponsive).toEqual([2]);
    // Once only; the other is left alone, and pinged on.
    const pings = healthy.state.pings;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(unresponsive).toEqual([2]);
    expect(healthy.state.killed).toBeUndefined();
    expect(healthy.state.pings).toBeGreaterThan(pings);
    watchdog.stop();
  });
});
