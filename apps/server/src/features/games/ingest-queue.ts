import type { Db } from '../../db/client';

/**
 * Ingest transactions in flight per process when the configuration does not say
 * (INGEST_TRANSACTIONS). On two cores the same games cost PostgreSQL about twice the CPU at 16
 * concurrent transactions as at two or three: backends holding the shared rank and rating rows
 * are descheduled while the others wait for them (docs/benchmarks.md, the arcade section).
 */
export const DEFAULT_INGEST_TRANSACTIONS = 3;

/** The most reports one transaction stores (INGEST_BATCH_GAMES when the configuration says). */
export const DEFAULT_INGEST_BATCH_GAMES = 8;

/** A report waiting for its turn: what the batch runner gets, and what it must not share. */
interface Entry<J, R> {
  job: J;
  /**
   * What two reports of one batch must not share: the device and the registered players. A
   * batch locks everything before its last game commits, and rates each game against the
   * ratings before the batch.
   */
  keys: readonly string[];
  /** Reports are batched only with those of the same group (the same event bus). */
  group: unknown;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

/** One report's outcome in a batch. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Reports stored at most `concurrency` transactions at a time, each transaction taking the
 * reports waiting then (up to `batch`, in arrival order) that share no key with an earlier
 * report still waiting or taken: a device's reports stay in the order they came, and a player's.
 */
export class IngestQueue<J, R> {
  private readonly waiting: Array<Entry<J, R>> = [];
  private running = 0;

  constructor(
    public concurrency: number,
    public batch: number,
    private readonly store: (jobs: J[]) => Promise<Array<Settled<R>>>,
  ) {}

  /** Reports waiting for their turn (the metrics' arcadia_ingest_waiting). */
  get pending(): number {
    return this.waiting.length;
  }

  submit(job: J, keys: readonly string[], group: unknown): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ job, keys, group, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const taken = this.take();
      this.running++;
      void this.run(taken).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  /** The first waiting report, and the later ones that can join it (see the class). */
  private take(): Array<Entry<J, R>> {
    const first = this.waiting.shift()!;
    const taken = [first];
    const seen = new Set(first.keys);
    for (let i = 0; i < this.waiting.length && taken.length < this.batch;) {
      const entry = this.waiting[i]!;
      const free = entry.group === first.group && !entry.keys.some((key) => seen.has(key));
      for (const key of entry.keys) seen.add(key);
      if (free) {
        taken.push(entry);
        this.waiting.splice(i, 1);
      } else i++;
    }
    return taken;
  }

  private async run(entries: Array<Entry<J, R>>): Promise<void> {
    let outcomes: Array<Settled<R>>;
    try {
      outcomes = await this.store(entries.map((e) => e.job));
    } catch (error) {
      outcomes = entries.map(() => ({ ok: false, error }));
    }
    entries.forEach((entry, i) => {
      const outcome = outcomes[i];
      if (!outcome) entry.reject(new Error('The ingest batch answered no outcome for a report'));
      else if (outcome.ok) entry.resolve(outcome.value);
      else entry.reject(outcome.error);
    });
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one queue per database handle, whatever its jobs (set by ingestQueue's only caller)
const queues = new WeakMap<Db, IngestQueue<any, any>>();

/**
 * The process's queue of reports on this database (one per database handle): a report beyond
 * `limits.transactions` in flight waits in memory, without holding a connection, and is stored
 * with the others waiting beside it, several per transaction (features/games/ingest-store.ts).
 * The limits, when given, set the queue's (the device route passes INGEST_TRANSACTIONS and
 * INGEST_BATCH_GAMES; the demo seed passes nothing and leaves them).
 */
export function ingestQueue<J, R>(
  db: Db,
  store: (jobs: J[]) => Promise<Array<Settled<R>>>,
  limits: { transactions?: number | undefined; batch?: number | undefined } = {},
): IngestQueue<J, R> {
  let queue = queues.get(db) as IngestQueue<J, R> | undefined;
  if (!queue) {
    queue = new IngestQueue<J, R>(
      limits.transactions ?? DEFAULT_INGEST_TRANSACTIONS,
      limits.batch ?? DEFAULT_INGEST_BATCH_GAMES,
      store,
    );
    queues.set(db, queue);
  } else {
    if (limits.transactions !== undefined) queue.concurrency = limits.transactions;
    if (limits.batch !== undefined) queue.batch = limits.batch;
  }
  return queue;
}

/** Reports of this process waiting for their turn to be stored (the metrics' view). */
export function ingestWaiting(db: Db): number {
  return queues.get(db)?.pending ?? 0;
}
