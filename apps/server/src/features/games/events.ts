import type { SQL } from 'drizzle-orm';

/** A game as it is being stored, handed to every ingest hook. */
export type IngestedGame = {
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
};

/**
 * A write that belongs to a stored game (push notifications plug in here): a data-modifying SQL
 * statement (INSERT, UPDATE or DELETE), or null when there is nothing to write. It runs in the
 * one statement that stores the game, so it commits or rolls back with it; if it fails, nothing
 * of the game is stored and the device gets a 500 and may report again. It must restrict itself
 * with `whenStored`, a condition that is false when the report was seen before (then nothing is
 * written). It cannot see the game's rows (one statement, one snapshot): the game comes as data.
 */
export type GameIngestHook = (game: IngestedGame, whenStored: SQL) => SQL | null;

export const gameIngestHooks: GameIngestHook[] = [];
