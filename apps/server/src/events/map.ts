import type { NewsLocale } from '@arcadia/contracts';
import type { Queryable, Tx } from '../db/client';
import { EventBus, type EventHandler } from './bus';
import type { RowsWrite } from './rows-write';

/**
 * Every event of the server: who emits it, the transaction handle its handlers get, and what
 * happened. Which feature reacts to which event is wired in features/events.ts.
 */
interface AppEvents {
  /** A device reported a game (features/games/ingest.ts); it is being stored. */
  'game.stored': { tx: GameStatement; payload: StoredGame };
  /**
   * A guest's result in a stored game became a registered player's (features/games/assign-slot.ts):
   * by an operator (console) or by the player's claim code (features/claims). Emitted in the
   * transaction, after the slot, statistics and rating were written: the hook for what else
   * follows a player's result (achievements).
   */
  'game.slot.assigned': { tx: Tx; payload: AssignedSlot };
  /**
   * Games with registered players are being stored (features/games/ingest-store.ts): one, or
   * the batch of one ingest transaction, emitted once inside it after the players' rating rows
   * were locked. A handler may read and lock with `tx.db` (one statement for all the games
   * keeps the transaction's round trips few) and add each game's writes to its statement with
   * `tx.write(gameId, …)`, as for 'game.stored'.
   */
  'games.storing': { tx: StoringBatch; payload: ReadonlyArray<StoringGame> };
  /**
   * An operator voided a stored game (features/admin/games.ts), in the transaction that takes it
   * out of statistics and ratings: what told its players of their result goes too.
   */
  'game.voided': { tx: Tx; payload: VoidedGame };
  /** A player added another as a friend (features/friends/service.ts). */
  'friend.added': { tx: Tx; payload: FriendAdded };
  /** An article was published (features/news/service.ts). */
  'news.published': { tx: Tx; payload: PublishedNews };
  /**
   * A player deletes their profile (features/users/service.ts): every feature forgets what it
   * holds of them. Emitted before the profile row goes, so their rows can still be found.
   */
  'user.deleted': { tx: Tx; payload: DeletedUser };
}

export type AppEventBus = EventBus<AppEvents>;
export type AppEventHandler<K extends keyof AppEvents> = EventHandler<AppEvents[K]>;

/** A bus without subscribers: each app and admin command makes its own (features/events.ts). */
export function createEventBus(): AppEventBus {
  return new EventBus<AppEvents>();
}

/** A game as it is being stored. */
export interface StoredGame {
  id: string;
  applicationId: string;
  type: 'freeforall' | 'elimination' | 'deathmatch';
  players: Array<{
    userId: string | null;
    won: boolean;
    score: number;
    kills: number;
    deaths: number;
  }>;
}

/**
 * The transaction of a stored game is ONE statement (features/games/ingest-queries.ts
 * storeGame): a handler adds its writes to it, as data-modifying SQL statements (INSERT, UPDATE
 * or DELETE) over rows given as data (RowsWrite), so they commit or roll back with the game; if
 * one fails, nothing of the game is stored and the device gets a 500 and may report again. Each
 * row names its game (`game_id`): the statement writes only the rows of stored games, none for a
 * report seen before. The game comes as data: alone, its writes share the game's statement and
 * cannot see its rows; in a batch (features/games/ingest-store.ts) the writes of all its stored
 * games run in one statement after the games' (the rows of one key together), in the same
 * transaction, so a write must not depend on seeing them or not, nor on another game's writes.
 */
interface GameStatement {
  write(write: RowsWrite): void;
}

/** A guest's slot given to a registered player, and who gave it. */
export interface AssignedSlot {
  gameId: string;
  /** game_players.id of the slot. */
  slotId: number;
  userId: string;
  via: 'operator' | 'claim';
}

/**
 * The transaction of games being stored: reads and locks (db) before their statement, and each
 * game's writes to it (see GameStatement; each row names its game).
 */
export interface StoringBatch {
  db: Queryable;
  write: (gameId: string, write: RowsWrite) => void;
}

/** A game with registered players as it is being stored. */
export interface StoringGame {
  id: string;
  arcadeId: string;
  applicationId: string;
  type: 'freeforall' | 'elimination' | 'deathmatch';
  mapId: string;
  /** ISO time the game was played. */
  playedAt: string;
  /** The statistics periods it counts in (features/games/periods.ts, UTC). */
  periods: ReadonlyArray<{ periodKind: string; periodStart: string; arcadeId: string }>;
  players: ReadonlyArray<{
    userId: string | null;
    won: boolean;
    score: number;
    kills: number;
    deaths: number;
  }>;
}

/** userId was added as a friend by friendId, whose name is userName. */
export interface VoidedGame {
  gameId: string;
  /** Its registered players. */
  userIds: readonly string[];
}

interface FriendAdded {
  userId: string;
  friendId: string;
  userName: string;
}

interface PublishedNews {
  id: string;
  slug: string;
  /** The title per locale (German always present). */
  titles: Partial<Record<NewsLocale, string>> & { de: string };
}

/** The player being deleted, and what the deletion does for its handlers after it committed. */
export interface DeletedUser {
  id: string;
  /** The sign-in the profile was linked to; null for an unclaimed card profile. */
  identitySub: string | null;
  /**
   * The tables the handler deleted rows from or rewrote (directly, by cascade or by trigger):
   * vacuumed once the deletion committed, so that the old rows' bytes leave the table files.
   */
  vacuumAfterCommit(...tables: string[]): void;
  /** Work outside the database (files), done once the deletion committed. */
  afterCommit(task: () => Promise<void>): void;
}
