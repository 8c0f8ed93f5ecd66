import { and, eq, or } from 'drizzle-orm';
import {
  LIVE_MAX_STREAMS_PER_USER,
  type LiveEvent,
  type LivePlay,
  type LivePlayReason,
} from '@arcadia/contracts';
import type { Database, Db } from '../../db/client';
import { listen, type Listener } from '../../db/listen';
import { devices } from '../../db/schema';
import { LIVE_CHANNEL } from '../../events/live-channel';
import { liveHintSchema, type LiveHint } from '../../events/live-signal';
import { isOnline, seats } from '../devices';
import { unreadCount } from './notifications';

/** One open live stream of a player (one tab, one phone). */
export interface LiveStream {
  readonly userId: string;
  send(event: LiveEvent): void;
  /** Ends the stream (another one of the same player replaced it, or the server stops). */
  close(): void;
}

export interface LiveHubOptions {
  /** How often the devices of connected players are checked for going offline (or back). */
  sweepMs?: number;
}

/** The player's play state as the live channel tells it. */
export async function playOf(db: Db, userId: string): Promise<LivePlay> {
  const seat = await seats.deviceOfPlayer(db, userId);
  if (!seat) return { device: null, online: true, matchRunning: false };
  const { device } = seat;
  return {
    device: {
      id: device.id,
      arcade: device.arcadeId,
      name: device.name,
      arcadeName: seat.arcadeName,
      applicationId: device.applicationId,
      joinedAt: seat.seat.joinedAt.toISOString(),
    },
    online: isOnline(device),
    matchRunning: device.matchStartedAt !== null,
  };
}

/**
 * The live channel of one server process: ONE listen on the database's live channel (hints
 * from every process, see events/live-signal.ts), fanned out to the streams of the players
 * connected here. What a stream is sent is read fresh from the database per hint and player, in
 * the order the hints came (one queue per player). A device going offline writes nothing, so
 * the devices of connected players are looked at every `sweepMs`.
 */
/** The live hub of each app's database, for the metrics (the routes own the hub). */
const hubs = new WeakMap<Database, LiveHub>();

/**
 * This process's live channel for the metrics: open streams, and whether its LISTEN started and
 * is up (undefined until the first stream opened).
 */
export function liveChannelStats(database: Database): { streams: number; listening?: boolean } {
  const hub = hubs.get(database);
  return { streams: hub?.size ?? 0, listening: hub?.listening };
}

export class LiveHub {
  private readonly streams = new Map<string, LiveStream[]>();
  /** The device each connected player was last told about, and whether it was online. */
  private readonly seen = new Map<string, { arcade: string; id: string; online: boolean }>();
  private readonly queues = new Map<string, Promise<void>>();
  private listener: Listener | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly options: LiveHubOptions = {},
  ) {
    hubs.set(database, this);
  }

  /** Whether its LISTEN connection is up; undefined before start. */
  get listening(): boolean | undefined {
    return this.listener?.listening;
  }

  private get db(): Db {
    return this.database.db;
  }

  async start(): Promise<void> {
    this.listener = await listen(this.database, LIVE_CHANNEL, {
      onPayload: (payload) => this.receive(payload),
      // Hints sent while the connection was down are lost: every stream gets the whole state.
      onReconnect: () => {
        for (const userId of this.streams.keys()) this.enqueue(userId, () => this.hello(userId));
      },
    });
    this.sweeper = setInterval(() => void this.sweep(), this.options.sweepMs ?? 10_000);
    this.sweeper.unref();
  }

  /** How many streams are open in this process (metrics, tests). */
  get size(): number {
    let n = 0;
    for (const list of this.streams.values()) n += list.length;
    return n;
  }

  /**
   * Adds a stream and sends it the whole current state (`hello`). A player holds at most
   * LIVE_MAX_STREAMS_PER_USER streams in this process: the oldest one closes for a new one.
   */
  add(stream: LiveStream): void {
    const list = this.streams.get(stream.userId) ?? [];
    list.push(stream);
    this.streams.set(stream.userId, list);
    while (list.length > LIVE_MAX_STREAMS_PER_USER) list.shift()?.close();
    this.enqueue(stream.userId, () => this.hello(stream.userId, stream));
  }

  remove(stream: LiveStream): void {
    const list = this.streams.get(stream.userId);
    if (!list) return;
    const at = list.indexOf(stream);
    if (at >= 0) list.splice(at, 1);
    if (list.length === 0) {
      this.streams.delete(stream.userId);
      this.seen.delete(stream.userId);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    for (const list of [...this.streams.values()]) for (const stream of [...list]) stream.close();
    this.streams.clear();
    await this.listener?.close();
    await Promise.allSettled([...this.queues.values()]);
  }

  private receive(payload: string): void {
    let hint: LiveHint;
    try {
      hint = liveHintSchema.parse(JSON.parse(payload));
    } catch {
      return;
    }
    const users = hint.u === null ? [...this.streams.keys()] : [hint.u];
    for (const userId of users) {
      if (this.streams.has(userId)) this.enqueue(userId, () => this.deliver(userId, hint));
    }
  }

  /** Runs the player's work after what is already queued for them (events keep their order). */
  private enqueue(userId: string, work: () => Promise<void>): void {
    const next = (this.queues.get(userId) ?? Promise.resolve())
      .then(() => (this.closed || !this.streams.has(userId) ? undefined : work()))
      .catch(() => undefined);
    this.queues.set(userId, next);
    void next.then(() => {
      if (this.queues.get(userId) === next) this.queues.delete(userId);
    });
  }

  private broadcast(userId: string, event: LiveEvent, only?: LiveStream): void {
    const targets = only ? [only] : (this.streams.get(userId) ?? []);
    for (const stream of targets) stream.send(event);
  }

  private remember(userId: string, play: LivePlay): void {
    if (play.device)
      this.seen.set(userId, {
        arcade: play.device.arcade,
        id: play.device.id,
        online: play.online,
      });
    else this.seen.delete(userId);
  }

  private async hello(userId: string, only?: LiveStream): Promise<void> {
    const [play, unread] = await Promise.all([
      playOf(this.db, userId),
      unreadCount(this.db, userId),
    ]);
    this.remember(userId, play);
    this.broadcast(userId, { type: 'hello', data: { play, unread } }, only);
  }

  private async sendPlay(
    userId: string,
    reason: LivePlayReason,
    at: { arcade: string; id: string } | null,
    gameId: string | null = null,
  ): Promise<void> {
    const play = await playOf(this.db, userId);
    this.remember(userId, play);
    this.broadcast(userId, { type: 'play', data: { reason, play, at, gameId } });
  }

  private async deliver(userId: string, hint: LiveHint): Promise<void> {
    const at = 'a' in hint && hint.a && hint.d ? { arcade: hint.a, id: hint.d } : null;
    switch (hint.t) {
      case 'play':
        await this.sendPlay(userId, hint.r, at);
        return;
      case 'game':
        this.broadcast(userId, {
          type: 'game',
          data: { gameId: hint.g, applicationId: hint.app },
        });
        if (at) await this.sendPlay(userId, 'match_over', at, hint.g);
        await this.sendUnread(userId);
        return;
      case 'notifications':
        await this.sendUnread(userId);
        return;
    }
  }

  private async sendUnread(userId: string): Promise<void> {
    const unread = await unreadCount(this.db, userId);
    this.broadcast(userId, { type: 'notifications', data: { unread } });
  }

  /** Tells the players whose device went offline (or came back) since they were last told. */
  private async sweep(): Promise<void> {
    if (this.seen.size === 0 || this.closed) return;
    const keys = new Map<string, { arcade: string; id: string }>();
    for (const { arcade, id } of this.seen.values()) keys.set(`${arcade};${id}`, { arcade, id });
    let rows: Array<typeof devices.$inferSelect>;
    try {
      rows = await this.db
        .select()
        .from(devices)
        .where(
          or(
            ...[...keys.values()].map((k) =>
              and(eq(devices.arcadeId, k.arcade), eq(devices.id, k.id)),
            ),
          ),
        );
    } catch {
      return; // the database is away: the next sweep tries again
    }
    const online = new Map(rows.map((row) => [`${row.arcadeId};${row.id}`, isOnline(row)]));
    for (const [userId, last] of this.seen) {
      const now = online.get(`${last.arcade};${last.id}`);
      if (now === undefined || now === last.online) continue;
      last.online = now;
      const at = { arcade: last.arcade, id: last.id };
      this.enqueue(userId, () =>
        this.sendPlay(userId, now ? 'device_online' : 'device_offline', at),
      );
    }
  }
}
