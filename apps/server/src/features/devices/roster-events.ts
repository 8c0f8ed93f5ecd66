import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../db/client';

/** The channel the play calls notify on (devices/repository.ts notifyRoster): "<arcade>;<id>". */
const ROSTER_CHANNEL = 'arcadia_device_roster';

type Listener = () => void;

/** How long after a failed or dropped LISTEN connection a new one is tried. */
const RECONNECT_MS = 1000;

/**
 * Wake-ups for devices waiting on their roster. Joins, leaves and match start/cancel notify
 * when their transaction commits (storing a game does not: its own device re-reads the roster);
 * this process listens (PostgreSQL LISTEN on its own
 * connection, so changes made by any server process arrive; PGlite's listen in-process) and wakes
 * the waiters of that device. Waiters also re-read the database on a timer, so a lost
 * notification (a dropped listen connection) delays a device by at most `fallbackMs`.
 */
export class RosterEvents {
  private readonly listeners = new Map<string, Set<Listener>>();
  private stop: (() => Promise<void>) | undefined;
  private closed = false;
  private listening = false;

  constructor(private readonly database: Database) {}

  /** The driver's own client under Drizzle: a PGlite instance or a pg Pool. */
  private get client(): unknown {
    return (this.database.db as unknown as { $client: unknown }).$client;
  }

  /** Whether notifications arrive now (false while the listen connection is down). */
  get connected(): boolean {
    return this.listening && !this.closed;
  }

  /** How long a waiter sleeps before it looks at the database itself. */
  get fallbackMs(): number {
    return this.listening ? 5000 : 1000;
  }

  async start(): Promise<void> {
    if (this.database.kind === 'pglite') {
      const client = this.client as PGlite;
      const unlisten = await client.listen(ROSTER_CHANNEL, (payload) => this.dispatch(payload));
      this.listening = true;
      this.stop = async () => unlisten();
      return;
    }
    await this.connectPg();
  }

  /**
   * LISTEN on a connection of its own; when it fails or drops (PostgreSQL restarted), a new one
   * after RECONNECT_MS, again and again until it works or this closes. Waiters meanwhile fall
   * back to re-reading every second.
   */
  private async connectPg(): Promise<void> {
    if (this.closed) return;
    const pool = this.client as pg.Pool;
    const client = new pg.Client(pool.options);
    let failed = false;
    // Once per connection, however many ways it fails (an error event and a rejected query).
    const retry = () => {
      if (failed) return;
      failed = true;
      this.listening = false;
      client.removeAllListeners();
      // A late error of the dropped connection must not become an unhandled 'error' event.
      client.on('error', () => undefined);
      client.end().catch(() => undefined);
      if (!this.closed)
        setTimeout(() => void this.connectPg().catch(() => undefined), RECONNECT_MS).unref();
    };
    try {
      client.on('error', retry);
      await client.connect();
      if (this.closed) {
        await client.end();
        return;
      }
      client.on('notification', (message) => {
        if (message.channel === ROSTER_CHANNEL && message.payload) this.dispatch(message.payload);
      });
      client.on('end', retry);
      await client.query(`LISTEN ${ROSTER_CHANNEL}`);
      this.listening = true;
      this.stop = async () => {
        failed = true;
        client.removeAllListeners();
        client.on('error', () => undefined);
        await client.end();
      };
    } catch {
      retry();
    }
  }

  private dispatch(payload: string): void {
    const [arcade, id] = payload.split(';');
    if (arcade && id) this.notify(arcade, id);
  }

  /** Wakes this process's waiters of a device (the listen path calls it for every change). */
  notify(arcade: string, id: string): void {
    const set = this.listeners.get(`${arcade};${id}`);
    if (!set) return;
    for (const listener of [...set]) listener();
  }

  /** How many of this process's streams and long polls wait on the device now. */
  waitersOf(arcade: string, id: string): number {
    return this.listeners.get(`${arcade};${id}`)?.size ?? 0;
  }

  /** Resolves on the device's next change, after `ms`, or when `signal` aborts. */
  wait(arcade: string, id: string, ms: number, signal?: AbortSignal): Promise<void> {
    const key = `${arcade};${id}`;
    return new Promise((resolve) => {
      let set = this.listeners.get(key);
      if (!set) this.listeners.set(key, (set = new Set()));
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        set.delete(done);
        if (set.size === 0) this.listeners.delete(key);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      signal?.addEventListener('abort', done, { once: true });
      set.add(done);
      if (signal?.aborted) done();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const set of this.listeners.values()) for (const listener of [...set]) listener();
    await this.stop?.();
  }
}

const registry = new WeakMap<Database, { events: RosterEvents; started: Promise<RosterEvents> }>();

/** One RosterEvents per open database, started on first use. */
export function rosterEventsFor(database: Database): Promise<RosterEvents> {
  let entry = registry.get(database);
  if (!entry) {
    const events = new RosterEvents(database);
    entry = { events, started: events.start().then(() => events) };
    registry.set(database, entry);
  }
  return entry.started;
}

/**
 * Whether this process listens for roster changes now (metrics); undefined until a device first
 * waits on its roster, which starts the listening.
 */
export function rosterEventsConnected(database: Database): boolean | undefined {
  return registry.get(database)?.events.connected;
}

export async function closeRosterEvents(database: Database): Promise<void> {
  const entry = registry.get(database);
  if (!entry) return;
  registry.delete(database);
  await (await entry.started).close();
}
