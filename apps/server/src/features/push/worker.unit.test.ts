import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { PushWorker } from './worker';

/** A database that refuses every call as PostgreSQL does while it restarts, or another way. */
function failingDb(error: Error): Db {
  const fail = () => Promise.reject(error);
  return new Proxy({}, { get: () => fail }) as unknown as Db;
}

/** A logger keeping each line's level and message. */
function recordingLog() {
  const lines: { level: string; msg: string }[] = [];
  const at =
    (level: string) =>
    (_obj: unknown, msg = '') =>
      lines.push({ level, msg });
  const log = {
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    fatal: at('fatal'),
    child: () => log,
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

async function linesOf(error: Error) {
  const { log, lines } = recordingLog();
  const worker = new PushWorker(failingDb(error), { vapid: undefined } as never, log, {
    intervalMs: 5,
  });
  worker.start();
  await new Promise((resolve) => setTimeout(resolve, 50));
  await worker.stop();
  return lines.filter((l) => l.msg === 'push outbox: batch failed');
}

describe('the push outbox worker while the database is away', () => {
  it('logs a planned PostgreSQL restart as a warning, not an error, and keeps trying', async () => {
    const restart = Object.assign(new Error('the database system is shutting down'), {
      code: '57P03',
    });
    const lines = await linesOf(restart);
    expect(lines.length).toBeGreaterThan(1);
    expect(new Set(lines.map((l) => l.level))).toEqual(new Set(['warn']));
  });

  it('logs any other failure as an error', async () => {
    const lines = await linesOf(new Error('column "x" does not exist'));
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines.map((l) => l.level))).toEqual(new Set(['error']));
  });
});
