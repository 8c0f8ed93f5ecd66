import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './client';

export interface Listener {
  /** Whether notifications arrive now (false while a dropped PostgreSQL connection reconnects). */
  readonly listening: boolean;
  close(): Promise<void>;
}

export interface ListenOptions {
  /** Called with every notification's payload on the channel, from any server process. */
  onPayload(payload: string): void;
  /**
   * Called when listening starts again after a dropped connection: notifications sent meanwhile
   * are lost, so whatever they would have invalidated must be treated as stale.
   */
  onReconnect?(): void;
  /**
   * How often the connection is asked a `select 1`, and how long it has to answer before it
   * counts as lost (PostgreSQL only). A LISTEN connection never sends anything by itself, so
   * one that a firewall, a NAT or a partition dropped without a reset looked alive for ever and
   * no notification came again.
   */
  livenessMs?: number;
}

const LIVENESS_MS = 15_000;

/**
 * LISTEN on one channel: on PostgreSQL on a connection of its own (so notifications from every
 * server process arrive), reconnecting after a second when it drops; on PGlite its in-process
 * listen (PGlite has one process). NOTIFY is delivered when the sending transaction commits.
 */
export async function listen(
  database: Database,
  channel: string,
  options: ListenOptions,
): Promise<Listener> {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    const unlisten = await (client as PGlite).listen(channel, (payload) =>
      options.onPayload(payload),
    );
    return { listening: true, close: async () => unlisten() };
  }
  const pool = client as pg.Pool;
  let closed = false;
  let current: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let liveness: NodeJS.Timeout | undefined;
  const state = { listening: false };
  const connect = async (again: boolean): Promise<void> => {
    if (closed) return;
    const conn = new pg.Client({ ...pool.options, keepAlive: true });
    current = conn;
    const retry = () => {
      clearInterval(liveness);
      state.listening = false;
      conn.removeAllListeners();
      conn.on('error', () => undefined);
      conn.end().catch(() => undefined);
      if (!closed) timer = setTimeout(() => void connect(true), 1000);
    };
    try {
      await conn.connect();
      conn.on('notification', (message) => {
        if (message.channel === channel && message.payload) options.onPayload(message.payload);
      });
      conn.on('error', retry);
      conn.on('end', () => {
        if (!closed && current === conn && state.listening) retry();
      });
      await conn.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      state.listening = true;
      const every = options.livenessMs ?? LIVENESS_MS;
      liveness = setInterval(() => {
        const lost = setTimeout(() => {
          if (!closed && current === conn && state.listening) retry();
        }, every);
        conn.query('select 1').then(
          () => clearTimeout(lost),
          () => clearTimeout(lost),
        );
      }, every);
      liveness.unref();
      if (again) options.onReconnect?.();
    } catch {
      retry();
    }
  };
  await connect(false);
  return {
    get listening() {
      return state.listening;
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      clearInterval(liveness);
      state.listening = false;
      const conn = current;
      conn?.removeAllListeners();
      conn?.on('error', () => undefined);
      await conn?.end().catch(() => undefined);
    },
  };
}
