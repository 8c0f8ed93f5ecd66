import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/connection-errors';
import { deliver, type DeliveryOptions } from './delivery';
import {
  claimDue,
  dropRow,
  giveUp,
  markSent,
  outboxPayloadSchema,
  pruneOld,
  removeGoneSubscription,
  reschedule,
  subscriptionFor,
  type ClaimedRow,
} from './outbox';

export interface PushWorkerOptions {
  /** Wait between polls when the outbox had nothing due. */
  intervalMs: number;
  /** Pushes in flight at once: a slow push service holds only its own slot, not the others. */
  batchSize: number;
  /** After this many attempts a row is given up (kept, unsent, for inspection). */
  maxAttempts: number;
  /** Retry n waits backoffBaseMs * 2^(n-1) (plus up to 20 % jitter), at most backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** How long a claimed row stays reserved for the worker that is sending it. */
  leaseMs: number;
  timeoutMs: number;
  ttlSeconds: number;
  /** Delivered rows, and rows given up on, are deleted after this long. */
  retentionMs: number;
}

export const DEFAULT_PUSH_WORKER_OPTIONS: PushWorkerOptions = {
  intervalMs: 1000,
  batchSize: 25,
  maxAttempts: 8,
  backoffBaseMs: 15_000,
  backoffMaxMs: 3_600_000,
  leaseMs: 60_000,
  timeoutMs: 10_000,
  ttlSeconds: 86_400,
  retentionMs: 7 * 86_400_000,
};

/** Delay before the retry after `attempts` failed attempts. */
export function backoffMs(attempts: number, options: PushWorkerOptions, random = Math.random) {
  const base = Math.min(
    options.backoffMaxMs,
    options.backoffBaseMs * 2 ** Math.max(0, attempts - 1),
  );
  return Math.min(options.backoffMaxMs, base * (1 + 0.2 * random()));
}

/**
 * The loop that works the push outbox: claims due rows, sends each, and records the outcome.
 * A failed push only ever changes its outbox row; the request that caused it finished long ago.
 */
export class PushWorker {
  options: PushWorkerOptions;
  private running: Promise<void> | undefined;
  private stopped = true;
  private wakeUp: (() => void) | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private lastPrune = 0;
  /** Pushes being sent; the next claim takes rows for the free slots. */
  private readonly inFlight = new Set<Promise<void>>();
  /** Aborts pushes in flight when the server shuts down (they are retried after the restart). */
  private abort = new AbortController();

  constructor(
    private readonly db: Db,
    private readonly delivery: Omit<DeliveryOptions, 'timeoutMs' | 'ttlSeconds' | 'signal'>,
    private readonly log: FastifyBaseLogger,
    options: Partial<PushWorkerOptions> = {},
  ) {
    this.options = { ...DEFAULT_PUSH_WORKER_OPTIONS, ...options };
  }

  /** Changes options at run time (tests run the loop fast); the next poll uses them. */
  configure(options: Partial<PushWorkerOptions>): void {
    Object.assign(this.options, options);
    this.wake();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.abort = new AbortController();
    this.running = this.loop();
  }

  /** Stops polling and waits for the pushes in flight, so nothing is cut off mid-write. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    this.wake();
    await this.running;
    await this.chain.catch(() => undefined);
    await Promise.allSettled([...this.inFlight]);
  }

  /** Polls now instead of after the current wait. */
  wake(): void {
    this.wakeUp?.();
  }

  /** Sends until nothing is due and nothing is in flight (tests, and the admin CLI). */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.tick();
      total += claimed;
      if (claimed === 0) {
        if (this.inFlight.size === 0) return total;
        await Promise.allSettled([...this.inFlight]);
      }
    }
  }

  /**
   * Claims due rows for the free slots and starts sending them; resolves once a slot is free
   * again (or at once when none was claimed). Claims never overlap within a process. Returns how
   * many rows it claimed.
   */
  tick(): Promise<number> {
    const next = this.chain.then(() => this.batch());
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let claimed = 0;
      let free = 0;
      try {
        free = this.options.batchSize - this.inFlight.size;
        claimed = await this.tick();
        if (Date.now() - this.lastPrune > 3_600_000) {
          this.lastPrune = Date.now();
          await pruneOld(this.db, this.options.retentionMs, this.options.maxAttempts);
        }
      } catch (error) {
        // PostgreSQL restarting (a planned restart too) is a warning: the loop tries again, and
        // nothing is lost (the rows stay due). Anything else is an error.
        this.log[isDatabaseUnavailable(error) ? 'warn' : 'error'](
          { err: error },
          'push outbox: batch failed',
        );
      }
      if (this.stopped) break;
      // Fewer due than there was room for: the outbox is empty for now.
      if (claimed < free) await this.sleep(this.options.intervalMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const wakeUp = () => done();
      this.wakeUp = wakeUp;
      function done() {
        clearTimeout(timer);
        resolve();
      }
    });
  }

  private async batch(): Promise<number> {
    const { batchSize, leaseMs, maxAttempts } = this.options;
    const free = batchSize - this.inFlight.size;
    const rows = free > 0 ? await claimDue(this.db, free, leaseMs, maxAttempts) : [];
    for (const row of rows) {
      const sending: Promise<void> = this.handle(row)
        .catch((error: unknown) => {
          // The row's lease runs out and it is claimed again.
          this.log[isDatabaseUnavailable(error) ? 'warn' : 'error'](
            { err: error, id: row.id },
            'push outbox: sending failed',
          );
        })
        .finally(() => this.inFlight.delete(sending));
      this.inFlight.add(sending);
    }
    if (this.inFlight.size > 0) await Promise.race([...this.inFlight]);
    return rows.length;
  }

  private async handle(row: ClaimedRow): Promise<void> {
    const { maxAttempts } = this.options;
    const payload = outboxPayloadSchema.safeParse(row.payload);
    if (!payload.success) {
      await giveUp(this.db, row.id, maxAttempts, 'malformed payload');
      return;
    }
    const { endpoint, message } = payload.data;
    // Unsubscribed, or the endpoint moved to another player since: nothing to send.
    const subscription = await subscriptionFor(this.db, row.userId, endpoint);
    if (!subscription) {
      await dropRow(this.db, row.id);
      return;
    }
    const result = await deliver(subscription, message, {
      ...this.delivery,
      timeoutMs: this.options.timeoutMs,
      ttlSeconds: this.options.ttlSeconds,
      signal: this.abort.signal,
    });
    switch (result.outcome) {
      case 'sent':
        await markSent(this.db, row.id);
        return;
      case 'gone':
        await removeGoneSubscription(this.db, endpoint, row.id);
        this.log.info({ status: result.status }, 'push subscription gone; removed');
        return;
      case 'fatal':
        await giveUp(this.db, row.id, maxAttempts, result.error);
        this.log.warn({ id: row.id, error: result.error }, 'push given up');
        return;
      case 'retry': {
        if (row.attempts >= maxAttempts) {
          await giveUp(this.db, row.id, maxAttempts, result.error);
          this.log.warn({ id: row.id, error: result.error }, 'push given up after retries');
          return;
        }
        const wait = Math.max(backoffMs(row.attempts, this.options), result.retryAfterMs ?? 0);
        await reschedule(this.db, row.id, Math.min(wait, this.options.backoffMaxMs), result.error);
        this.log.debug({ id: row.id, attempts: row.attempts, wait }, 'push will be retried');
        return;
      }
    }
  }
}
