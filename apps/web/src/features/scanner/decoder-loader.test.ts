import { describe, expect, it, vi } from 'vitest';
import { loadWithRetry } from './decoder-loader';
import { ScannerError } from './messages';

describe('loading the decoder: up to 3 attempts, 3 s apart (spec §9)', () => {
  it('answers the first successful attempt', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('net')).mockResolvedValueOnce('module');
    const waits: number[] = [];
    await expect(loadWithRetry(load, { wait: async (ms) => void waits.push(ms) })).resolves.toBe(
      'module',
    );
    expect(load).toHaveBeenCalledTimes(2);
    expect(waits).toEqual([3000]);
  });

  it('gives up after the third failure with "Could not load script"', async () => {
    const load = vi.fn().mockRejectedValue(new Error('404'));
    const waits: number[] = [];
    const result = loadWithRetry(load, { wait: async (ms) => void waits.push(ms) });
    await expect(result).rejects.toBeInstanceOf(ScannerError);
    await expect(result).rejects.toMatchObject({ scannerMessage: { key: 'scriptLoad' } });
    expect(load).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([3000, 3000]);
  });

  it('really waits 3 s between attempts', async () => {
    vi.useFakeTimers();
    try {
      const load = vi.fn().mockRejectedValueOnce(new Error('net')).mockResolvedValueOnce('ok');
      const result = loadWithRetry(load);
      await vi.advanceTimersByTimeAsync(2999);
      expect(load).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toBe('ok');
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
