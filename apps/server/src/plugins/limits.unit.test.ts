import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import { Limits } from './limits';

function logger() {
  const log = { warn: vi.fn(), info: vi.fn() };
  return log;
}

describe('Limits while Redis does not answer', () => {
  it('logs the outage once, not once per request, and says when Redis is back', async () => {
    let up = false;
    const redis = {
      eval: vi.fn(async () => {
        if (!up) throw new Error("Stream isn't writeable and enableOfflineQueue options is false");
        return [1, 60_000];
      }),
    } as unknown as Redis;
    const log = logger();
    const limits = new Limits(redis, log as unknown as FastifyBaseLogger, 'test:limit:');
    const limiter = limits.limiter('x', { max: 3, windowMs: 60_000 });
    for (let i = 0; i < 50; i++) await limiter.hit(`k${i % 2}`);
    // Counted in this process meanwhile (fails open to memory, as documented).
    expect((await limiter.peek('k0')).count).toBe(25);
    expect(log.warn).toHaveBeenCalledTimes(1);
    up = true;
    await limiter.hit('k0');
    await limiter.hit('k0');
    expect(log.info).toHaveBeenCalledTimes(1);
    up = false;
    await limiter.hit('k0');
    await limiter.hit('k0');
    expect(log.warn).toHaveBeenCalledTimes(2);
  });
});
