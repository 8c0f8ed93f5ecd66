import { describe, expect, it } from 'vitest';
import { MAX_QUICK_RESTARTS, RESTART_BACKOFF_MAX_MS, restartDecision } from './worker-restarts';

describe('restartDecision', () => {
  it('starts a new worker at once while starts fail only now and then', () => {
    for (let n = 0; n <= MAX_QUICK_RESTARTS; n++)
      expect(restartDecision(n, 0)).toEqual({ action: 'fork' });
  });

  it('keeps trying, ever more slowly, while other workers serve', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 20].map((extra) => {
      const decision = restartDecision(MAX_QUICK_RESTARTS + extra, 1);
      return decision.action === 'retry-later' ? decision.delayMs : decision.action;
    });
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, RESTART_BACKOFF_MAX_MS]);
  });

  it('gives up when no worker is left to serve', () => {
    expect(restartDecision(MAX_QUICK_RESTARTS + 1, 0)).toEqual({ action: 'give-up' });
  });
});
