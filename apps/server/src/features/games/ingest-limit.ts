import pLimit, { type LimitFunction } from 'p-limit';
import type { Db } from '../../db/client';

/**
 * Ingest transactions in flight per process when the configuration does not say
 * (INGEST_TRANSACTIONS). On two cores the same games cost PostgreSQL about twice the CPU at 16
 * concurrent transactions as at two or three: backends holding the shared rank and rating rows
 * are descheduled while the others wait for them (docs/benchmarks.md, the arcade section).
 */
export const DEFAULT_INGEST_TRANSACTIONS = 3;

const limits = new WeakMap<Db, LimitFunction>();

/**
 * The process's limit of concurrent ingest transactions on this database (one per database
 * handle): a report beyond it waits in memory for its turn, in arrival order, instead of taking
 * a pooled connection and competing for the CPU with those already storing. `transactions`, when
 * given, sets it (the device route passes INGEST_TRANSACTIONS; the demo seed, which stores games
 * before the routes run, passes nothing and leaves it).
 */
export function ingestLimit(db: Db, transactions?: number): LimitFunction {
  let limit = limits.get(db);
  if (!limit) {
    limit = pLimit(transactions ?? DEFAULT_INGEST_TRANSACTIONS);
    limits.set(db, limit);
  } else if (transactions !== undefined && limit.concurrency !== transactions) {
    limit.concurrency = transactions;
  }
  return limit;
}

/** Reports of this process waiting for their turn to be stored (the metrics' view). */
export function ingestWaiting(db: Db): number {
  return limits.get(db)?.pendingCount ?? 0;
}
